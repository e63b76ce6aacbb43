/**
 * No way around a process (issue 37): a corporation's name changes only through 企业自主更名 (two
 * reviews), its administrator only through 管理员变更, and a core enterprise's legal person and ID card
 * only through 核心企业准入 (an ordinary corporation's stay plain data of 企业管理). Each owned field is tried through every
 * other write path of the corporations table (企业管理 修改, 核心企业准入 修改, and the other owner's
 * change) and refused with FIELD_OWNED_BY_PROCESS, naming the field and where it is changed, with
 * nothing proposed or written; an owned value sent back unchanged is no change and passes; the owning
 * process still changes it. Beside it, the masked values of item 2: op_handler changes an address
 * without sending the ID card or mobile, and they stay as they were.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { desDecrypt } from '../../src/protocol/des';
import { idCardCheckChar } from '../../src/lib/validators';
import { dataOf, refusalOf, signInAs, type ApiClient } from './client';
import { sharedServer, type TestServer } from './server';

const CORPS = '/op/v1/corporations';
const CHANGES = `${CORPS}/changes`;
const WF = '/op/v1/workflow';
const ID_CARD = '11010519491231002X';
const MOBILE = '13812345678';
const OTHER_ID_CARD = `11010519800101001${idCardCheckChar('11010519800101001')}`;

interface Proposal {
  change: { id: string; recordId: string; proposed: Record<string, unknown> };
  taskId: string | null;
}
type Corp = Record<string, unknown> & { id: string; dataVersion: number; corpName: string; pendingChange?: unknown; revealed?: Record<string, string> };

let srv: TestServer;
let handler: ApiClient;
let director: ApiClient;
let director2: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  srv = await sharedServer();
  [handler, director, director2, admin] = await Promise.all(['op_handler', 'op_director', 'op_director2', 'op_admin'].map((u) => signInAs(srv.baseUrl, u)));
});

const RUN = randomUUID().slice(0, 8).toUpperCase();
let seq = 0;

/** Drives a proposal to its approved end: saving submitted it, so each reviewer in turn; nothing is left open. */
async function approve(proposal: Proposal, reviewers: ApiClient[]): Promise<void> {
  let taskId = proposal.taskId;
  for (const reviewer of reviewers) {
    const { task } = await dataOf<{ task: { id: string } | null }>(reviewer, `${WF}/tasks/complete`, { taskId, outcome: 'PASS', remark: '同意' });
    taskId = task?.id ?? null;
  }
  expect(taskId).toBeNull();
}

/** A core enterprise of this run, admitted: it appears under 企业管理 and every tab of 企业变更. */
async function admitted(): Promise<Corp> {
  seq += 1;
  const proposal = await dataOf<Proposal>(handler, `${CHANGES}/core-admissions/save`, {
    corpName: `归属字段${RUN}第${seq}建设集团有限公司`,
    creditCode: `9133${RUN}OWN${String(seq).padStart(3, '0')}`,
    legalPersonName: '王建国',
    legalPersonIdCard: handler.encrypt(ID_CARD),
    managerName: '李管理',
    managerMobile: handler.encrypt(MOBILE),
    registeredAddress: '上海市浦东新区世纪大道100号',
  });
  await approve(proposal, [director]);
  return find(proposal.change.recordId);
}

const find = (id: string) => dataOf<Corp>(admin, `${CORPS}/find-by-id`, { id });
const clear = (corp: Corp, field: string) => desDecrypt(corp.revealed![field], admin.sessionKey);
/** The record's columns, without what a read adds (its pending change, history, the whitelist's reveal). */
const columns = ({ pendingChange: _p, changes: _c, revealed: _r, ...rest }: Corp) => rest;

interface Owned {
  field: string;
  /** The refusal's subject: the field's label, or the records it is owned on and the label (核心企业的法定代表人). */
  label: string;
  where: string;
  value: (client: ApiClient) => unknown;
  /** What the corporation shows once the owner's change is approved. */
  shown: unknown;
}

const OWNED: Owned[] = [
  { field: 'corpName', label: '企业名称', where: '企业自主更名', value: () => `绕过更名${RUN}建设集团有限公司`, shown: `绕过更名${RUN}建设集团有限公司` },
  { field: 'managerName', label: '管理员姓名', where: '管理员变更', value: () => '绕过管', shown: '绕过管' },
  { field: 'managerMobile', label: '管理员手机号', where: '管理员变更', value: (client) => client.encrypt('13900002222'), shown: '1390****2222' },
  // Owned on a core enterprise only (the lead's decision): 核心企业准入 registered them; the address stays editable everywhere.
  { field: 'legalPersonName', label: '核心企业的法定代表人', where: '核心企业准入', value: () => '绕过法', shown: '绕过法' },
  {
    field: 'legalPersonIdCard',
    label: '核心企业的法定代表人身份证号',
    where: '核心企业准入',
    value: (client) => client.encrypt(OTHER_ID_CARD),
    shown: `${OTHER_ID_CARD.slice(0, 4)}****${OTHER_ID_CARD.slice(-4)}`,
  },
];

/** Every write path of the corporations table but the owner's, with what else a real save there would carry. */
const PATHS = [
  { name: '企业管理 修改', url: `${CORPS}/update-by-id`, extra: { registeredAddress: '上海市黄浦区绕过路1号' } },
  { name: '核心企业准入 修改', url: `${CHANGES}/core-admissions/update-by-id`, extra: { registeredAddress: '上海市黄浦区绕过路2号' } },
  { name: '管理员变更', url: `${CHANGES}/manager/update-by-id`, extra: {} },
  { name: '企业自主更名', url: `${CHANGES}/renaming/update-by-id`, extra: {} },
];
const OWNER = {
  企业自主更名: { path: `${CHANGES}/renaming/update-by-id`, resource: 'corp-renamings' },
  管理员变更: { path: `${CHANGES}/manager/update-by-id`, resource: 'corp-manager-changes' },
  核心企业准入: { path: `${CHANGES}/core-admissions/update-by-id`, resource: 'core-admissions' },
} as Record<string, { path: string; resource: string }>;
const ownerPath = (owned: Owned) => OWNER[owned.where].path;

describe.each(OWNED)('$field, owned by $where', (owned) => {
  const others = PATHS.filter((path) => path.url !== ownerPath(owned));

  it.each(others)('is refused through $name, and nothing is proposed or written', async (path) => {
    const before = await find((await admitted()).id);
    const answer = await handler.call(path.url, {
      json: { id: before.id, dataVersion: before.dataVersion, ...path.extra, [owned.field]: owned.value(handler) },
    });
    expect(refusalOf(answer)).toMatchObject({ code: 'FIELD_OWNED_BY_PROCESS', message: `${owned.label}只能通过“${owned.where}”变更，此处不能修改` });
    expect((answer.body.data as { field?: string }).field).toBe(owned.field);
    const after = await find(before.id);
    expect(columns(after)).toEqual(columns(before));
    expect(clear(after, 'managerMobile')).toBe(MOBILE);
    expect(clear(after, 'legalPersonIdCard')).toBe(ID_CARD);
    expect(after.pendingChange ?? null).toBeNull();
  });

  it('changes through its own process', async () => {
    const before = await admitted();
    const proposal = await dataOf<Proposal>(handler, ownerPath(owned), { id: before.id, dataVersion: before.dataVersion, [owned.field]: owned.value(handler) });
    expect(Object.keys(proposal.change.proposed)).toEqual([owned.field]);
    // Until it ends, 企业管理 (which approves none itself) shows the change beside the current value, with its proposer's name.
    const pending = {
      resource: OWNER[owned.where].resource,
      action: 'update',
      status: 'RUNNING',
      createByName: '经办人张三',
    };
    expect((await find(before.id)).pendingChange).toMatchObject({ ...pending, proposed: { [owned.field]: expect.anything() } });
    const listed = await dataOf<{ records: Corp[] }>(handler, `${CORPS}/page`, { corpName: before.corpName });
    expect(listed.records.map((row) => row.pendingChange)).toEqual([expect.objectContaining(pending)]);
    await approve(proposal, owned.where === '企业自主更名' ? [director, director2] : [director]);
    const after = await find(before.id);
    expect(after[owned.field]).toBe(owned.shown);
    expect(after.pendingChange).toBeNull();
  });
});

describe('a legal person is owned on a core enterprise only', () => {
  const ordinary = async (): Promise<Corp> => {
    seq += 1;
    return dataOf<Corp>(handler, `${CORPS}/save`, {
      corpName: `归属字段${RUN}第${seq}建材有限公司`,
      creditCode: `9133${RUN}ORD${String(seq).padStart(3, '0')}`,
      corpTypes: ['SUPPLIER'],
      legalPersonName: '周明',
      legalPersonIdCard: handler.encrypt(ID_CARD),
      managerName: '吴婷',
      managerMobile: handler.encrypt(MOBILE),
      registeredAddress: '浙江省杭州市上城区钱江路1号',
    });
  };

  it("an ordinary corporation's is still changed under 企业管理 修改, with the address", async () => {
    const before = await ordinary();
    const saved = await dataOf<Corp>(handler, `${CORPS}/update-by-id`, {
      id: before.id,
      dataVersion: before.dataVersion,
      legalPersonName: '钱新法',
      legalPersonIdCard: handler.encrypt(OTHER_ID_CARD),
      registeredAddress: '浙江省杭州市上城区钱江路2号',
    });
    expect(saved).toMatchObject({ legalPersonName: '钱新法', registeredAddress: '浙江省杭州市上城区钱江路2号' });
    expect(clear(await find(before.id), 'legalPersonIdCard')).toBe(OTHER_ID_CARD);
  });

  it('a write that makes a corporation a core enterprise cannot change its legal person at once', async () => {
    const before = await ordinary();
    const answer = await handler.call(`${CORPS}/update-by-id`, {
      json: { id: before.id, dataVersion: before.dataVersion, corpTypes: ['SUPPLIER', 'CORE_ENTERPRISE'], legalPersonName: '钱新法' },
    });
    expect(refusalOf(answer)).toMatchObject({ code: 'FIELD_OWNED_BY_PROCESS', message: '核心企业的法定代表人只能通过“核心企业准入”变更，此处不能修改' });
    expect(columns(await find(before.id))).toEqual(columns(before));
  });

  it("a core enterprise's address is still changed under 企业管理 修改, its legal person sent back unchanged", async () => {
    const before = await find((await admitted()).id);
    const saved = await dataOf<Corp>(handler, `${CORPS}/update-by-id`, {
      id: before.id,
      dataVersion: before.dataVersion,
      legalPersonName: before.legalPersonName,
      legalPersonIdCard: null,
      registeredAddress: '上海市黄浦区中山东一路1号',
    });
    expect(saved).toMatchObject({ legalPersonName: '王建国', registeredAddress: '上海市黄浦区中山东一路1号' });
    expect(clear(await find(before.id), 'legalPersonIdCard')).toBe(ID_CARD);
  });
});

describe('owned values sent back unchanged', () => {
  it('are no change: 核心企业准入 修改 proposes only the address', async () => {
    const before = await find((await admitted()).id);
    const proposal = await dataOf<Proposal>(handler, `${CHANGES}/core-admissions/update-by-id`, {
      id: before.id,
      dataVersion: before.dataVersion,
      corpName: before.corpName,
      managerName: before.managerName,
      registeredAddress: '上海市静安区南京西路1号',
    });
    expect(proposal.change.proposed).toEqual({ registeredAddress: '上海市静安区南京西路1号' });
  });

  it('so is a sealed value sent as null (unchanged, as everywhere), but clearing it is a change and refused', async () => {
    const before = await find((await admitted()).id);
    const kept = await dataOf<Corp>(handler, `${CORPS}/update-by-id`, {
      id: before.id,
      dataVersion: before.dataVersion,
      managerMobile: null,
      registeredAddress: '上海市静安区南京西路2号',
    });
    expect(kept).toMatchObject({ registeredAddress: '上海市静安区南京西路2号', managerMobile: '1381****5678' });
    const cleared = await handler.call(`${CORPS}/update-by-id`, { json: { id: before.id, dataVersion: kept.dataVersion, managerMobile: '' } });
    expect(refusalOf(cleared)).toMatchObject({ code: 'FIELD_OWNED_BY_PROCESS', message: '管理员手机号只能通过“管理员变更”变更，此处不能修改' });
    expect(clear(await find(before.id), 'managerMobile')).toBe(MOBILE);
  });
});

describe('masked values left out (item 2)', () => {
  it('op_handler changes only the address through 核心企业准入 修改; once approved the ID card and mobile are as they were', async () => {
    const before = await find((await admitted()).id);
    const asHandler = await dataOf<Corp>(handler, `${CHANGES}/core-admissions/find-by-id`, { id: before.id });
    expect(asHandler).toMatchObject({ legalPersonIdCard: '1101****002X', managerMobile: '1381****5678' });
    expect(asHandler.revealed).toBeUndefined();
    // What the form sends: the fields it offers, the masked ones left out because they were not touched.
    const { legalPersonName } = asHandler;
    const proposal = await dataOf<Proposal>(handler, `${CHANGES}/core-admissions/update-by-id`, {
      id: before.id,
      dataVersion: before.dataVersion,
      legalPersonName,
      registeredAddress: '上海市徐汇区漕溪北路2号',
    });
    expect(proposal.change.proposed).toEqual({ registeredAddress: '上海市徐汇区漕溪北路2号' });
    await approve(proposal, [director]);
    const after = await find(before.id);
    expect(after).toMatchObject({ registeredAddress: '上海市徐汇区漕溪北路2号', legalPersonIdCard: '1101****002X', managerMobile: '1381****5678' });
    expect([clear(after, 'legalPersonIdCard'), clear(after, 'managerMobile')]).toEqual([ID_CARD, MOBILE]);
  });

  it('账户信息变更 of the bank alone keeps the masked account number', async () => {
    const corp = await admitted();
    const account = await dataOf<{ id: string }>(handler, `${CORPS}/bank-accounts/save`, {
      corpId: corp.id,
      bankName: '中国工商银行',
      branchName: '上海分行',
      accountName: corp.corpName,
      accountNo: handler.encrypt('6222021234567890123'),
      usage: 'GENERAL',
    });
    const before = await dataOf<Corp>(handler, `${CHANGES}/account/find-by-id`, { id: account.id });
    expect(before.accountNo).toBe('6222****0123');
    const proposal = await dataOf<Proposal>(handler, `${CHANGES}/account/update-by-id`, {
      id: account.id,
      dataVersion: before.dataVersion,
      bankName: '中国建设银行',
      branchName: '上海分行',
      accountName: corp.corpName,
    });
    expect(proposal.change.proposed).toEqual({ bankName: '中国建设银行' });
    await approve(proposal, [director]);
    const after = await dataOf<Corp>(admin, `${CORPS}/bank-accounts/find-by-id`, { id: account.id });
    expect(after.bankName).toBe('中国建设银行');
    expect(clear(after, 'accountNo')).toBe('6222021234567890123');
  });

  it('管理员变更 of the name alone keeps the masked mobile', async () => {
    const before = await admitted();
    const proposal = await dataOf<Proposal>(handler, `${CHANGES}/manager/update-by-id`, {
      id: before.id,
      dataVersion: before.dataVersion,
      managerName: '周新管',
    });
    expect(proposal.change.proposed).toEqual({ managerName: '周新管' });
    await approve(proposal, [director]);
    const after = await find(before.id);
    expect(after.managerName).toBe('周新管');
    expect(clear(after, 'managerMobile')).toBe(MOBILE);
  });
});
