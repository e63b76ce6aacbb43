/**
 * The bodies of a rule change (changes.ts), declared once here as zod schemas: the proposal's (the route's
 * `body`, routes.ts) and a revision's, and the rule definition both carry, a discriminated union by `kind`.
 * The definition names role codes that must exist, so its schema is built per proposal from the vocabulary
 * read in the proposal's transaction (ruleSchema), and it is read after the proposal's own checks (a new
 * rule's id free, an edit's version current), as a proposal always was: a rule is checked only once it is
 * known what it would change. Every refusal is VALIDATION_FAILED with a message of auditRules:errors (or
 * server:crud) naming what is wrong, and nothing is written.
 */
import { z } from 'zod';
import { AUDIT_RULE_CHANGE_ACTIONS, AUDIT_RULE_NAME_MAX, AUDIT_SEVERITIES, type AuditFunction, type AuditRule } from '../../src/lib/audit-rules';
import { OPERATION_ACTION } from '../../src/resources/operation-log';
import { PROCESS_DEFINITIONS, PROCESS_KEYS } from '../../src/workflows/registry';
import { validationError } from '../errors';
import { hasMessage, translate } from '../i18n';
import { oneOf, optional, parseWithSchema, text, version } from '../input/fields';
import { isPlainObject } from '../validation';

/** What a rule may name: the role codes that exist, the permissions the server knows (process steps are the registry's). */
export interface Vocabulary {
  codes: ReadonlySet<string>;
  permissions: ReadonlySet<string>;
}

/**
 * A proposal: `{action: create, ruleId, rule}`, `{action: update, ruleId, dataVersion, rule}` or `{action: retire,
 * ruleId, dataVersion}`. Whether the id fits a new rule and whether the version is there depend on the action,
 * and the rule on the vocabulary: changes.ts checks those, in that order.
 */
export const proposeBody = z.object({
  action: oneOf('auditRules:fields.action', AUDIT_RULE_CHANGE_ACTIONS),
  ruleId: text('auditRules:fields.ruleId', 100),
  dataVersion: optional(version()),
  rule: z.unknown().optional(),
});
export type ProposeInput = z.output<typeof proposeBody>;

/** 重新提交 of a returned change (workflow/instances/resubmit): the version of the change the proposer read, and the rule as it should now be. */
const reviseBody = z.object({
  dataVersion: z
    .number({ error: () => translate('server:crud.dataVersionRequired') })
    .refine(Number.isSafeInteger, { error: () => translate('server:crud.dataVersionRequired') }),
  rule: z.unknown().optional(),
});

/** A revision's body, read by its schema (the resubmit call's route passes the owning module's keys through). */
export const readRevision = (body: Record<string, unknown>) => parseWithSchema(reviseBody, body);

const refusal =
  (key: string, params: Record<string, string> = {}) =>
  () =>
    translate(`auditRules:errors.${key}`, params);

/** A list's items once, in the order given. */
const distinct = <T>(list: readonly T[]) => [...new Set(list)];

/**
 * A name: a shipped locale key kept as it was, or the text a person wrote (1 to AUDIT_RULE_NAME_MAX characters,
 * trimmed). A key the catalogue does not hold, or a key beside a written name, is read as the written name.
 */
function named(what: () => string) {
  const refused = () => translate('auditRules:errors.nameRequired', { what: what() });
  const shipped = z
    .object({
      nameKey: z.string({ error: refused }).refine((key) => hasMessage(`auditRules:${key}`), { error: refused }),
      // A written name beside the key is the written name's (below).
      name: z.never({ error: refused }).optional(),
    })
    .transform(({ nameKey }) => ({ nameKey }));
  const written = z
    .object({ name: z.string({ error: refused }).trim().min(1, { error: refused }).max(AUDIT_RULE_NAME_MAX, { error: refused }) })
    .transform(({ name }) => ({ name }));
  return z.union([shipped, written], { error: refused });
}

/** Role codes that exist, each once; `required` ones at least one. Left out, a list that is not required is empty. */
function roleList(field: string, vocab: Vocabulary, required: boolean) {
  const refused = () => translate('auditRules:errors.rolesRequired', { field: translate(`auditRules:form.${field}`) });
  return z
    .array(z.string({ error: refused }), { error: refused })
    .min(required ? 1 : 0, { error: refused })
    .transform(distinct)
    .superRefine((codes, context) => {
      const unknown = codes.find((code) => !vocab.codes.has(code));
      if (unknown !== undefined) context.addIssue({ code: 'custom', message: translate('auditRules:errors.unknownRole', { code: unknown.slice(0, 60) }) });
    });
}

/** A process step of the registry; a part that is not text names no step, and is refused naming what was sent. */
const stepRef = z
  .object({ processKey: z.string().catch(''), step: z.string().catch('') })
  .catch({ processKey: '', step: '' })
  .superRefine(({ processKey, step }, context) => {
    if (!Object.hasOwn(PROCESS_DEFINITIONS, processKey) || !Object.hasOwn(PROCESS_DEFINITIONS[processKey].activities, step)) {
      context.addIssue({ code: 'custom', message: translate('auditRules:errors.unknownStep', { step: `${processKey}.${step}`.slice(0, 100) }) });
    }
  });

/** What someone can do (a rule's function `field`): known permissions and steps of the registry, at least one of them, and its name. */
function functionOf(field: string, vocab: Vocabulary) {
  const what = () => translate(`auditRules:form.${field}`);
  const refused = () => translate('auditRules:errors.functionRequired', { what: what() });
  const permissions = z
    .array(z.string({ error: refused }), { error: refused })
    .transform(distinct)
    .superRefine((list, context) => {
      const unknown = list.find((permission) => !vocab.permissions.has(permission));
      if (unknown !== undefined)
        context.addIssue({ code: 'custom', message: translate('auditRules:errors.unknownPermission', { permission: unknown.slice(0, 80) }) });
    });
  const parts = z.object({ permissions: permissions.optional(), steps: z.array(stepRef, { error: refused }).optional() }).superRefine((fn, context) => {
    if (!fn.permissions?.length && !fn.steps?.length)
      context.addIssue({ code: 'custom', message: translate('auditRules:errors.functionEmpty', { what: what() }) });
  });
  return z
    .custom<Record<string, unknown>>(isPlainObject, { error: refused })
    .pipe(z.intersection(parts, named(what)))
    .transform(({ permissions: held, steps, ...name }): AuditFunction => ({
      ...name,
      ...(held?.length ? { permissions: held } : {}),
      ...(steps?.length ? { steps } : {}),
    }));
}

const LOG_ACTIONS = new Set<string>(Object.values(OPERATION_ACTION));

/**
 * A rule's definition (without its id), checked whole against this vocabulary: its name, severity and owner, then
 * its kind and that kind's parameters, in this order, the first refusal answered.
 */
export function ruleSchema(vocab: Vocabulary) {
  const processesRequired = refusal('processesRequired');
  const ignoredActions = refusal('ignoredActions');
  const base = z.object({
    severity: z.enum(AUDIT_SEVERITIES, { error: refusal('severity') }),
    owner: z.string({ error: refusal('owner') }).refine((code) => vocab.codes.has(code), { error: refusal('owner') }),
  });
  const kinds = z.discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('CONFLICTING_FUNCTIONS'),
        mitigatedRoles: roleList('mitigatedRoles', vocab, false).optional(),
        a: functionOf('a', vocab),
        b: functionOf('b', vocab),
      }),
      z.object({ kind: z.literal('RESTRICTED_FUNCTION'), fn: functionOf('fn', vocab), allowedRoles: roleList('allowedRoles', vocab, true) }),
      z.object({
        kind: z.literal('FOUR_EYES_IN_FACT'),
        processKeys: z.union(
          [
            z.literal('*'),
            z
              .array(z.string({ error: processesRequired }), { error: processesRequired })
              .min(1, { error: processesRequired })
              .transform(distinct)
              .superRefine((keys, context) => {
                const unknown = keys.find((key) => !PROCESS_KEYS.includes(key));
                if (unknown !== undefined)
                  context.addIssue({ code: 'custom', message: translate('auditRules:errors.unknownProcess', { processKey: unknown.slice(0, 60) }) });
              }),
          ],
          { error: processesRequired },
        ),
      }),
      z.object({
        kind: z.literal('READ_ONLY_IN_FACT'),
        ignoredActions: z
          .array(z.string({ error: ignoredActions }), { error: ignoredActions })
          .refine((actions) => actions.every((action) => LOG_ACTIONS.has(action)), { error: ignoredActions })
          .transform(distinct)
          .optional()
          .transform((actions) => actions ?? []),
        roles: roleList('roles', vocab, true),
      }),
    ],
    { error: refusal('kind') },
  );
  return z.custom<Record<string, unknown>>(isPlainObject, { error: refusal('ruleRequired') }).pipe(
    z.intersection(
      z.intersection(
        named(() => translate('auditRules:form.name')),
        base,
      ),
      kinds,
    ),
  );
}

/** The rule a proposal describes, checked whole by its schema; the first refusal names what is wrong and nothing is written. */
export function readRule(id: string, value: unknown, vocab: Vocabulary): AuditRule {
  const result = ruleSchema(vocab).safeParse(value);
  if (!result.success) throw validationError(result.error.issues[0].message);
  const rule: AuditRule = { id, ...result.data };
  // No mitigated role is no list, as the shipped rules write it.
  if (rule.kind === 'CONFLICTING_FUNCTIONS' && !rule.mitigatedRoles?.length) delete rule.mitigatedRoles;
  return rule;
}
