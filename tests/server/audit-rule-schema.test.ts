/**
 * The auditors' rule definition's schema (server/audit-rules/input.ts), without a server: every shipped rule reads
 * back as itself (the schema drops or adds no part), and a body with several faults is answered by the first in the
 * order a rule is read (name, severity, owner, kind, then the kind's parameters), each in Chinese.
 */
import { describe, expect, it } from 'vitest';
import { knownPermissions } from '../../src/crud/resource';
import { ROLE } from '../../src/lib/codes';
import { SHIPPED_AUDIT_RULES } from '../../src/lib/audit-rules';
import { readRule, type Vocabulary } from '../../server/audit-rules/input';
import { RESOURCES } from '../../server/resources/registry';

const vocab: Vocabulary = { codes: new Set(Object.values(ROLE)), permissions: new Set(knownPermissions(RESOURCES)) };

/** A refusal's message, or the rule read. */
function read(value: unknown): string {
  try {
    return JSON.stringify(readRule('NEW-RULE-1', value, vocab));
  } catch (error) {
    return (error as Error).message;
  }
}

describe('an auditors’ rule definition', () => {
  it.each(SHIPPED_AUDIT_RULES.map((rule) => [rule.id, rule] as const))('%s reads back as itself', (id, rule) => {
    const { id: _id, ...definition } = rule;
    expect(readRule(id, JSON.parse(JSON.stringify(definition)), vocab)).toEqual(rule);
  });

  it('answers the first fault in the order a rule is read', () => {
    const fine = { name: '新规则', severity: 'high', owner: ROLE.OP_AUDITOR, kind: 'READ_ONLY_IN_FACT', roles: [ROLE.OP_AUDITOR] };
    expect(read({ ...fine, name: '', severity: 'urgent', owner: 'ROLE_NOBODY' })).toBe('请填写规则名称（不超过 60 个字）');
    expect(read({ ...fine, severity: 'urgent', owner: 'ROLE_NOBODY', kind: 'ANY' })).toBe('请选择严重程度：高、中或低');
    expect(read({ ...fine, owner: 'ROLE_NOBODY', kind: 'ANY' })).toBe('请选择规则的负责角色');
    expect(read({ ...fine, kind: 'ANY' })).toBe('请选择规则类型');
    expect(read({ ...fine, ignoredActions: ['NAP'], roles: ['ROLE_NOBODY'] })).toBe('不计为写入的操作必须是操作日志记载的操作');
    expect(read({ ...fine, roles: ['ROLE_NOBODY'] })).toBe('角色代码 ROLE_NOBODY 不存在');
    expect(JSON.parse(read(fine))).toEqual({ id: 'NEW-RULE-1', ...fine, ignoredActions: [] });
  });

  it('keeps a function’s parts once each, and a conflicting pair without mitigated roles has no such list', () => {
    const [first, second] = [...vocab.permissions];
    const rule = JSON.parse(
      read({
        nameKey: 'rules.template',
        severity: 'low',
        owner: ROLE.OP_AUDITOR,
        kind: 'CONFLICTING_FUNCTIONS',
        a: { name: ' 起草 ', permissions: [first, first], steps: [] },
        b: { nameKey: 'functions.templateApprove', name: '定稿', permissions: [second] },
        mitigatedRoles: [],
      }),
    );
    expect(rule).toEqual({
      id: 'NEW-RULE-1',
      nameKey: 'rules.template',
      severity: 'low',
      owner: ROLE.OP_AUDITOR,
      kind: 'CONFLICTING_FUNCTIONS',
      a: { name: '起草', permissions: [first] },
      b: { name: '定稿', permissions: [second] },
    });
  });
});
