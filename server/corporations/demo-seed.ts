/**
 * The corporations of the living demo (DOMAIN.md "A living demo"), seeded once on a fresh data
 * folder in demo mode: a construction group with two branches and four project departments, twenty
 * suppliers (twelve attached to the group as member customers), three banks and a factoring company,
 * two more core enterprises, bank accounts, and verifications and admissions in every status. Other
 * areas add their objects to this world by the exported names.
 */
import { count, eq } from 'drizzle-orm';
import { ACCOUNT_USAGE, ADMISSION_STATUS, CORP_TYPE, UNIT_KIND, VERIFICATION_KIND, VERIFICATION_STATUS } from '../../src/lib/corporations';
import { idCardCheckChar } from '../../src/lib/validators';
import type { AppContext } from '../context';
import { corpBankAccounts, corporations, corpVerifications, groupUnits } from '../db/schema';
import { sensitiveCipherOf } from '../sensitive/values';

const SEEDER = 'system';

/** Ids other areas' seeds refer to. */
export const DEMO_CORP = {
  group: 'corp-demo-group',
  northCore: 'corp-demo-core-north',
  westCore: 'corp-demo-core-west',
  factoring: 'corp-demo-factoring',
  banks: ['corp-demo-bank-icbc', 'corp-demo-bank-cmb', 'corp-demo-bank-spdb'],
  supplier: (n: number) => `corp-demo-supplier-${String(n).padStart(2, '0')}`,
} as const;

export const DEMO_UNIT = {
  group: 'unit-demo-group',
  branches: ['unit-demo-branch-east', 'unit-demo-branch-south'],
  projectDepts: ['unit-demo-dept-hz', 'unit-demo-dept-nj', 'unit-demo-dept-gz', 'unit-demo-dept-sz'],
} as const;

const SUPPLIER_NAMES = [
  '苏州恒远钢材有限公司',
  '无锡华盛水泥制品有限公司',
  '常州金桥建材有限公司',
  '南通宏达机电设备有限公司',
  '杭州钱塘混凝土有限公司',
  '宁波甬江电缆有限公司',
  '合肥徽建防水材料有限公司',
  '南京金陵幕墙工程有限公司',
  '上海申通脚手架租赁有限公司',
  '嘉兴禾丰五金有限公司',
  '广州穗安消防工程有限公司',
  '深圳鹏城智能照明有限公司',
  '佛山南海铝型材有限公司',
  '东莞恒达物流有限公司',
  '福州闽江石材有限公司',
  '厦门鹭岛涂料有限公司',
  '长沙湘江管业有限公司',
  '武汉楚天电梯工程有限公司',
  '成都蜀南劳务有限公司',
  '重庆山城砂石有限公司',
];
const PEOPLE = [
  '王建国',
  '李秀英',
  '张伟',
  '刘洋',
  '陈静',
  '杨帆',
  '赵磊',
  '黄敏',
  '周强',
  '吴婷',
  '徐亮',
  '孙丽',
  '胡军',
  '朱琳',
  '高峰',
  '林芳',
  '何勇',
  '郭红',
  '马超',
  '罗娟',
];

/** A valid ID card for the n-th demo person (a birth date in the 1970s, GB 11643 check character). */
function demoIdCard(n: number): string {
  const first17 = `3205021975${String((n % 12) + 1).padStart(2, '0')}${String((n % 28) + 1).padStart(2, '0')}${String(100 + n).slice(-3)}`;
  return first17 + idCardCheckChar(first17);
}

/** Credit codes ending in a letter, so the stand-in verifies them (gateway.ts rules). */
const creditCode = (prefix: string, n: number) => `${prefix}${String(n).padStart(4, '0')}X`;

interface CorpSeed {
  id: string;
  corpName: string;
  creditCode: string;
  corpTypes: string[];
  admissionStatus?: string;
  person: number;
  address: string;
}

function corpSeeds(): CorpSeed[] {
  const seeds: CorpSeed[] = [
    {
      id: DEMO_CORP.group,
      corpName: '中建华东建设集团有限公司',
      creditCode: '91310000MA1FL0GRPX',
      corpTypes: [CORP_TYPE.core],
      admissionStatus: ADMISSION_STATUS.admitted,
      person: 0,
      address: '上海市浦东新区世纪大道100号',
    },
    {
      id: DEMO_CORP.northCore,
      corpName: '华北城建投资集团有限公司',
      creditCode: '91110000MA01NCOREX',
      corpTypes: [CORP_TYPE.core],
      admissionStatus: ADMISSION_STATUS.rejected,
      person: 1,
      address: '北京市朝阳区建国路88号',
    },
    {
      id: DEMO_CORP.westCore,
      corpName: '西南交通建设集团有限公司',
      creditCode: '91510000MA6WSCOREX',
      corpTypes: [CORP_TYPE.core, CORP_TYPE.supplier],
      admissionStatus: ADMISSION_STATUS.none,
      person: 2,
      address: '四川省成都市高新区天府大道1号',
    },
    {
      id: DEMO_CORP.banks[0],
      corpName: '中国工商银行股份有限公司上海市分行',
      creditCode: '91310000MA1BANK01X',
      corpTypes: [CORP_TYPE.finance],
      person: 3,
      address: '上海市黄浦区中山东一路24号',
    },
    {
      id: DEMO_CORP.banks[1],
      corpName: '招商银行股份有限公司上海分行',
      creditCode: '91310000MA1BANK02X',
      corpTypes: [CORP_TYPE.finance],
      person: 4,
      address: '上海市浦东新区陆家嘴环路1088号',
    },
    {
      id: DEMO_CORP.banks[2],
      corpName: '上海浦东发展银行股份有限公司',
      creditCode: '91310000MA1BANK03X',
      corpTypes: [CORP_TYPE.finance],
      person: 5,
      address: '上海市黄浦区中山东一路12号',
    },
    {
      id: DEMO_CORP.factoring,
      corpName: '中建华东商业保理有限公司',
      creditCode: '91310000MA1FACT01X',
      corpTypes: [CORP_TYPE.finance],
      person: 6,
      address: '上海市浦东新区银城中路200号',
    },
  ];
  SUPPLIER_NAMES.forEach((corpName, i) =>
    seeds.push({
      id: DEMO_CORP.supplier(i + 1),
      corpName,
      creditCode: creditCode('91320500MA1SU', i + 1),
      corpTypes: [CORP_TYPE.supplier],
      person: i,
      address: `${corpName.slice(0, 2)}市经济开发区建设路${i + 10}号`,
    }),
  );
  return seeds;
}

/** Verifications in every status, as the stand-in would have left them. */
function verificationSeeds(accountOf: (corpId: string) => string): Array<typeof corpVerifications.$inferInsert> {
  const { identity, company, bankAccount, address } = VERIFICATION_KIND;
  const { authenticating, failure, success } = VERIFICATION_STATUS;
  const row = (corpId: string, kind: string, status: string, extra: Partial<typeof corpVerifications.$inferInsert> = {}) => ({
    corpId,
    kind,
    status,
    createBy: 'op_handler',
    updateBy: 'op_handler',
    ...extra,
  });
  const rows: Array<typeof corpVerifications.$inferInsert> = [];
  for (const corpId of [DEMO_CORP.group, DEMO_CORP.factoring, ...DEMO_CORP.banks]) {
    rows.push(
      row(corpId, identity, success),
      row(corpId, company, success),
      row(corpId, address, success),
      row(corpId, bankAccount, success, { bankAccountId: accountOf(corpId), paidAmount: '0.37' }),
    );
  }
  rows.push(
    row(DEMO_CORP.supplier(1), identity, success),
    row(DEMO_CORP.supplier(1), company, success),
    row(DEMO_CORP.supplier(1), bankAccount, authenticating, { bankAccountId: accountOf(DEMO_CORP.supplier(1)), paidAmount: '0.58' }),
    row(DEMO_CORP.supplier(2), identity, failure, { failReason: '姓名、身份证号与手机号不一致' }),
    row(DEMO_CORP.supplier(2), company, authenticating),
    row(DEMO_CORP.supplier(3), bankAccount, failure, {
      bankAccountId: accountOf(DEMO_CORP.supplier(3)),
      paidAmount: '0.21',
      attempts: 3,
      failReason: '金额三次不正确，认证失败，请重新打款',
    }),
    row(DEMO_CORP.supplier(3), address, authenticating),
    row(DEMO_CORP.supplier(4), address, failure, { failReason: '注册地址无法核实' }),
    row(DEMO_CORP.supplier(4), company, success),
    row(DEMO_CORP.northCore, company, failure, { failReason: '企业名称、统一社会信用代码与法定代表人不一致' }),
    row(DEMO_CORP.westCore, identity, authenticating),
  );
  return rows;
}

const BANKS = ['中国工商银行', '中国建设银行', '招商银行', '中国银行', '上海浦东发展银行'];

export async function seedCorporationsDemo(ctx: AppContext): Promise<void> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(corporations).where(eq(corporations.id, DEMO_CORP.group));
  if (n > 0) return;
  const cipher = await sensitiveCipherOf(ctx.db);
  const seeds = corpSeeds();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(corporations).values(
      seeds.map((s, i) => ({
        id: s.id,
        corpName: s.corpName,
        creditCode: s.creditCode,
        corpTypes: s.corpTypes,
        admissionStatus: s.admissionStatus ?? ADMISSION_STATUS.none,
        legalPersonName: PEOPLE[s.person],
        legalPersonIdCard: cipher.seal(demoIdCard(i)),
        managerName: PEOPLE[(s.person + 7) % PEOPLE.length],
        managerMobile: cipher.seal(`139${String(10000000 + i * 7919).slice(-8, -1)}${(i % 8) + 1}`),
        registeredAddress: s.address,
        createBy: SEEDER,
        updateBy: SEEDER,
      })),
    );
    const accountIds = new Map<string, string>();
    await tx.insert(corpBankAccounts).values(
      seeds.map((s, i) => {
        const id = `acct-${s.id}`;
        accountIds.set(s.id, id);
        const accountNo = `6222${String(1000 + i).padStart(4, '0')}${String(31415926 + i * 271).padStart(10, '0')}${(i % 9) + 1}`;
        return {
          id,
          corpId: s.id,
          bankName: BANKS[i % BANKS.length],
          branchName: `${s.address.slice(0, 3)}分行营业部`,
          accountName: s.corpName,
          accountNo: cipher.seal(accountNo),
          usage: i % 3 === 0 ? ACCOUNT_USAGE.settlement : ACCOUNT_USAGE.general,
          createBy: SEEDER,
          updateBy: SEEDER,
        };
      }),
    );
    await tx.insert(corpVerifications).values(verificationSeeds((corpId) => accountIds.get(corpId)!));

    // A unit standing for a corporation is named by it (unit-name.ts); the name given here is only for the others.
    const unit = (id: string, parentId: string | null, kind: string, unitName: string, sortOrder: number, corpId: string | null = null) => ({
      id,
      groupId: DEMO_UNIT.group,
      parentId,
      kind,
      ownName: corpId ? null : unitName,
      sortOrder,
      corpId,
      createBy: SEEDER,
      updateBy: SEEDER,
    });
    const [east, south] = DEMO_UNIT.branches;
    const [hz, nj, gz, sz] = DEMO_UNIT.projectDepts;
    await tx
      .insert(groupUnits)
      .values([
        unit(DEMO_UNIT.group, null, UNIT_KIND.group, '中建华东建设集团有限公司', 0, DEMO_CORP.group),
        unit(east, DEMO_UNIT.group, UNIT_KIND.branch, '中建华东第一分公司', 0),
        unit(south, DEMO_UNIT.group, UNIT_KIND.branch, '中建华东华南分公司', 1),
        unit(hz, east, UNIT_KIND.projectDept, '杭州地铁十号线项目部', 0),
        unit(nj, east, UNIT_KIND.projectDept, '南京江北新区安置房项目部', 1),
        unit(gz, south, UNIT_KIND.projectDept, '广州白云机场三期项目部', 0),
        unit(sz, south, UNIT_KIND.projectDept, '深圳前海综合管廊项目部', 1),
        ...Array.from({ length: 12 }, (_, i) =>
          unit(`unit-demo-member-${String(i + 1).padStart(2, '0')}`, DEMO_UNIT.group, UNIT_KIND.member, SUPPLIER_NAMES[i], i + 2, DEMO_CORP.supplier(i + 1)),
        ),
      ]);
  });
}
