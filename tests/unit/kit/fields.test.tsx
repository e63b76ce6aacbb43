// @vitest-environment jsdom
import '../shell/dom';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import i18n from '../../../src/providers/i18n-app';
import { createValues, editRules, FieldValue, fieldRules } from '../../../src/crud/fields';
import type { FieldSchema } from '../../../src/crud/resource';
import type { Rule } from 'antd/es/form';
import { clearDicts, DICT_CALL } from '../../../src/providers/dictionaries';
import { configResource, dictDataResource, dictTypeResource, exportRecordResource } from '../../../src/resources/system';
import { answer, ok, resetServer } from './net';

const zh = i18n.getFixedT('zh-CN');
const en = i18n.getFixedT('en-US');

/** The messages antd's form shows for a value under the field's rules (or the rules given). */
async function errorsFor(schema: FieldSchema, value: unknown, t = zh, rules: Rule[] = fieldRules(schema, t)): Promise<string[]> {
  let form: FormInstance | undefined;
  function Probe() {
    const [instance] = Form.useForm();
    form = instance;
    return (
      <Form form={instance} initialValues={{ field: value }}>
        <Form.Item name="field" rules={rules}>
          <Input />
        </Form.Item>
      </Form>
    );
  }
  render(<Probe />);
  try {
    await act(() => form!.validateFields());
    return [];
  } catch (error) {
    return (error as { errorFields: { errors: string[] }[] }).errorFields.flatMap((f) => f.errors);
  } finally {
    cleanup();
  }
}

const { dictName } = dictTypeResource.fields;
const { dictSort, status } = dictDataResource.fields;
const { remark } = configResource.fields;

describe("fieldRules: the rules the server applies, in the catalogue's words", () => {
  it.each<[string, FieldSchema, unknown, string[]]>([
    ['a required string left empty', dictName, undefined, ['此处不能为空']],
    ['a required string of blanks', dictName, '   ', ['此处不能为空']],
    ['a required string given', dictName, '状态', []],
    ['a required string at its length', dictName, 'x'.repeat(100), []],
    ['a required string over its length', dictName, 'x'.repeat(101), ['最多输入100个字符']],
    ['a required integer of 0 is given', dictSort, 0, []],
    ['a required integer left empty', dictSort, undefined, ['此处不能为空']],
    ['a required dictionary value left empty', status, undefined, ['此处不能为空']],
    ['an optional text left empty', remark, undefined, []],
    ['an optional text over its length', remark, 'x'.repeat(501), ['最多输入500个字符']],
    ['a shared validator refuses a bad value', { type: 'string', label: 'x', validator: 'mobile' }, '1234', ['请输入正确的手机号码']],
    ['a shared validator takes a good value', { type: 'string', label: 'x', validator: 'mobile' }, '13800138000', []],
    ['a shared validator leaves an empty optional field alone', { type: 'string', label: 'x', validator: 'mobile' }, '', []],
    ['required and a validator: an empty value is only required', { type: 'string', label: 'x', required: true, validator: 'email' }, '', ['此处不能为空']],
    ['a declared minimum length', { type: 'string', label: 'x', minLength: 2 }, 'a', ['至少输入2个字符']],
    [
      'a declared pattern speaks its own message',
      { type: 'string', label: 'x', pattern: { source: '^[A-Z]+$', message: 'validation:noSymbol' } },
      'ab',
      ['只能输入中文、字母和数字'],
    ],
    ['money beyond spec 5.4 digits', { type: 'money', label: 'x' }, '1.234', ['只写数字，最多 14 位整数、2 位小数，不带正负号、空格、千分位或指数']],
    ['an integer above its range', { type: 'integer', label: 'x', max: 9 }, 10, ['不能大于 9']],
    [
      'length and a validator both speak',
      { type: 'string', label: 'x', maxLength: 3, validator: 'mobile' },
      '12345',
      ['最多输入3个字符', '请输入正确的手机号码'],
    ],
  ])('%s', async (_, schema, value, messages) => {
    expect(await errorsFor(schema, value)).toEqual(messages);
  });

  it("speaks the operator's language", async () => {
    expect(await errorsFor(dictName, '', en)).toEqual(['This field is required']);
    expect(await errorsFor({ type: 'string', label: 'x', maxLength: 3, validator: 'mobile' }, '12345', en)).toEqual([
      'At most 3 characters',
      'Enter a valid mobile phone number',
    ]);
  });

  it('a field with nothing to check has no rules', () => {
    expect(fieldRules({ type: 'string', label: 'x' }, zh)).toEqual([]);
  });
});

describe('editRules: a sensitive field left masked is not checked, one the operator edits is, in full', () => {
  const idCard: FieldSchema = {
    type: 'string',
    label: 'corporations:corporation.fields.legalPersonIdCard',
    required: true,
    validator: 'idCard',
    sensitive: true,
  };
  const MASK = '1101****002X';
  it.each<[string, unknown, unknown, string[]]>([
    ['the mask it was loaded with', MASK, MASK, []],
    ['the mask with a digit added', `${MASK}1`, MASK, ['法定代表人身份证号仍含脱敏字符（****）：请清空后输入完整的法定代表人身份证号，或取消修改']],
    ['cleared', '', MASK, ['此处不能为空']],
    ['a wrong number typed anew', '110105194912310021', MASK, ['请输入正确的身份证号码']],
    ['a right number typed anew', '11010519491231002X', MASK, []],
    // the whitelist's form is loaded in clear: a mask typed there is nobody's original
    [
      'a mask typed over a clear value',
      MASK,
      '11010519491231002X',
      ['法定代表人身份证号仍含脱敏字符（****）：请清空后输入完整的法定代表人身份证号，或取消修改'],
    ],
  ])('%s', async (_, value, original, messages) => {
    expect(await errorsFor(idCard, value, zh, editRules('field', idCard, zh, original))).toEqual(messages);
  });

  it('leaves a field that is not sensitive to its usual rules, a mask-like value included', async () => {
    expect(await errorsFor(dictName, '', zh, editRules('field', dictName, zh, ''))).toEqual(['此处不能为空']);
    const mobile: FieldSchema = { type: 'string', label: 'x', validator: 'mobile' };
    expect(await errorsFor(mobile, '1381****5678', zh, editRules('field', mobile, zh, '1381****5678'))).toEqual(['请输入正确的手机号码']);
  });
});

describe("createValues: a new record starts from the declared defaults, then the page's own", () => {
  it.each([
    ['dict-types', dictTypeResource, undefined, { status: '0' }],
    ['dict-datas', dictDataResource, undefined, { dictSort: 0, isShow: true, status: '0' }],
    ['configs', configResource, undefined, { configType: 'N' }],
    ['export-records', exportRecordResource, undefined, {}],
    ['dict-datas under a dictionary type', dictDataResource, { dictType: 'sys_yes_no' }, { dictSort: 0, isShow: true, status: '0', dictType: 'sys_yes_no' }],
    ['the page overrides a default', dictDataResource, { status: '1', isShow: false }, { dictSort: 0, isShow: false, status: '1' }],
  ])('%s', (_, resource, extra, expected) => {
    expect(createValues(resource, extra)).toEqual(expected);
  });

  it('hands out a fresh object each time', () => {
    const first = createValues(dictTypeResource);
    first.status = '1';
    expect(createValues(dictTypeResource)).toEqual({ status: '0' });
  });
});

describe('FieldValue: a value as a cell shows it', () => {
  beforeEach(() => {
    resetServer();
    clearDicts();
    answer(
      DICT_CALL,
      ok({
        sys_normal_disable: [
          { dictValue: '0', dictLabel: '正常', listClass: 'primary', isShow: true, dictSort: 0 },
          { dictValue: '1', dictLabel: '停用', listClass: 'danger', isShow: true, dictSort: 1 },
        ],
      }),
    );
  });
  afterEach(() => {
    cleanup();
    clearDicts();
  });

  const shown = (schema: FieldSchema, value: unknown, t = zh) => render(<FieldValue schema={schema} value={value} t={t} />).container.textContent;

  it.each<[string, FieldSchema, unknown, string]>([
    ['true is 是', { type: 'boolean', label: 'x' }, true, '是'],
    ['false is 否, not blank', { type: 'boolean', label: 'x' }, false, '否'],
    ['a datetime in YYYY-MM-DD HH:mm:ss', { type: 'datetime', label: 'x' }, '2026-03-04T05:06:07', '2026-03-04 05:06:07'],
    ['an unreadable datetime is blank', { type: 'datetime', label: 'x' }, 'not a date', ''],
    ['an integer 0 is shown', dictSort, 0, '0'],
    ['a string as it is', dictName, '用户性别', '用户性别'],
    ['undefined is blank', dictName, undefined, ''],
    ['null is blank', { type: 'boolean', label: 'x' }, null, ''],
    ['an empty string is blank', { type: 'datetime', label: 'x' }, '', ''],
  ])('%s', (_, schema, value, text) => {
    expect(shown(schema, value)).toBe(text);
  });

  it('yes and no in English', () => {
    expect(shown({ type: 'boolean', label: 'x' }, true, en)).toBe('Yes');
    cleanup();
    expect(shown({ type: 'boolean', label: 'x' }, false, en)).toBe('No');
  });

  it("a reference is its record's label the answer carried, never its id; a record gone says so", () => {
    const core: FieldSchema = { type: 'reference', label: 'x', reference: { resource: 'corporations', labelField: 'corpName' } };
    expect(render(<FieldValue schema={core} value="corp-demo-group" label="中建华东建设集团有限公司" t={zh} />).container.textContent).toBe(
      '中建华东建设集团有限公司',
    );
    cleanup();
    expect(render(<FieldValue schema={core} value="corp-demo-group" label={null} t={zh} />).container.textContent).toBe('（已删除的记录）');
    cleanup();
    expect(render(<FieldValue schema={core} value="corp-demo-group" label={null} t={en} />).container.textContent).toBe('(a removed record)');
  });

  it("a dictionary value is its label, in the item's tag colour", async () => {
    render(<FieldValue schema={status} value="1" t={zh} />);
    const label = await screen.findByText('停用');
    expect(label.closest('.ant-tag')).toHaveClass('ant-tag-error');
  });
});
