// @vitest-environment jsdom
/**
 * The SMS signing flow (spec 4.3, 5.2, §8) through the real signed client against a fake server:
 * every result code, every message the spec quotes, and the 60 s resend countdown.
 */
import '../shell/dom';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import '../../../src/providers/i18n-app';
import { useSmsSign, type SignResult, type SmsSignParams } from '../../../src/workflows/sign/useSmsSign';
import { answer, ok, resetServer, sentTo, type Answer } from '../kit/net';

const SIGN = '/op/v1/authentication/signature';
const PARAMS: SmsSignParams = {
  businessKeys: ['BIZ-1'],
  businessType: 'Process_CREDIT_ISSUE',
  productType: 'FinalSingleReview',
  corpName: '华东运营分公司',
  personId: 'u-op-director',
  corpId: 'CORP-EAST',
  summary: '签发 1 笔白条',
};
const refusal = (code: string, message: string): Answer => ({ envelope: { code, message } });

let results: SignResult[];

function Harness({ params }: { params: Partial<SmsSignParams> }) {
  const { sign, modal } = useSmsSign();
  return (
    <>
      <button type="button" onClick={() => void sign(params).then((r) => results.push(r))}>
        sign
      </button>
      {modal}
    </>
  );
}

const start = (params: Partial<SmsSignParams> = PARAMS) => {
  render(
    <App>
      <Harness params={params} />
    </App>,
  );
  fireEvent.click(screen.getByText('sign'));
};
const dialog = () => screen.findByRole('dialog');
const enterCode = (code: string) => fireEvent.change(screen.getByTestId('sms-code-input'), { target: { value: code } });
const confirm = () => fireEvent.click(screen.getByRole('button', { name: '确 定' }));

beforeEach(() => {
  resetServer();
  results = [];
  answer(`${SIGN}/switch/find`, ok({ open: true }));
  answer(`${SIGN}/sms/apply`, ok({ resendAfterSeconds: 60, expiresInSeconds: 300 }));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useSmsSign', () => {
  it.each(['businessKeys', 'businessType', 'productType', 'corpName'] as const)(
    'answers code 1 传入参数不完整 without a request when %s is missing',
    async (field) => {
      start({ ...PARAMS, [field]: field === 'businessKeys' ? [] : ' ' });
      await waitFor(() => expect(results).toEqual([{ code: '1', message: '传入参数不完整' }]));
      expect(sentTo(`${SIGN}/switch/find`)).toHaveLength(0);
      expect(screen.queryByRole('dialog')).toBeNull();
    },
  );

  it('answers code 0 at once, asking for no code, when signing is off for the corporation', async () => {
    answer(`${SIGN}/switch/find`, ok({ open: false }));
    start();
    await waitFor(() => expect(results).toEqual([{ code: '0' }]));
    expect(sentTo(`${SIGN}/switch/find`).map((s) => s.body)).toEqual([{ corpName: '华东运营分公司' }]);
    expect(sentTo(`${SIGN}/sms/apply`)).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for the code as the modal opens, and answers code 2 when it is closed', async () => {
    start();
    await dialog();
    await waitFor(() => expect(sentTo(`${SIGN}/sms/apply`)).toHaveLength(1));
    expect(sentTo(`${SIGN}/sms/apply`)[0].body).toEqual({
      businessKeys: ['BIZ-1'],
      businessType: 'Process_CREDIT_ISSUE',
      productType: 'FinalSingleReview',
      personId: 'u-op-director',
      corpId: 'CORP-EAST',
    });
    fireEvent.click(screen.getByRole('button', { name: '取 消' }));
    await waitFor(() => expect(results).toEqual([{ code: '2' }]));
    expect(sentTo(`${SIGN}/sms/verify`)).toHaveLength(0);
  });

  it('counts 60 s down before 重新发送 is offered, then sends again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    start();
    await dialog();
    const resend = await screen.findByTestId('sms-resend');
    await waitFor(() => expect(resend).toHaveTextContent('60 秒后重新发送'));
    expect(resend).toBeDisabled();
    act(() => vi.advanceTimersByTime(59_000));
    expect(resend).toHaveTextContent('1 秒后重新发送');
    expect(resend).toBeDisabled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(resend).toHaveTextContent('重新发送');
    expect(resend).toBeEnabled();
    fireEvent.click(resend);
    await waitFor(() => expect(sentTo(`${SIGN}/sms/apply`)).toHaveLength(2));
    await waitFor(() => expect(resend).toHaveTextContent('60 秒后重新发送'));
  });

  it('needs the code before verifying: 请输入短信验证码', async () => {
    start();
    await dialog();
    confirm();
    expect(await screen.findByText('请输入短信验证码', { selector: '.ant-form-item-explain-error' })).toBeVisible();
    expect(sentTo(`${SIGN}/sms/verify`)).toHaveLength(0);
  });

  it('shows the server message when sending fails, or 发送短信验证码失败，请重试 without one', async () => {
    answer(`${SIGN}/sms/apply`, refusal('SMS_RESEND_TOO_SOON', '验证码已发送，请 42 秒后再试'));
    start();
    expect(await screen.findByTestId('sms-send-error')).toHaveTextContent('验证码已发送，请 42 秒后再试');
    expect(screen.getByTestId('sms-resend')).toBeEnabled();

    answer(`${SIGN}/sms/apply`, { status: 500, raw: '' });
    fireEvent.click(screen.getByTestId('sms-resend'));
    await waitFor(() => expect(screen.getByTestId('sms-send-error')).toHaveTextContent('发送短信验证码失败，请重试'));
  });

  it('shows a refused code inline and stays open; a right one answers code 0 with the verify payload', async () => {
    answer(`${SIGN}/sms/verify`, (sent) =>
      (sent.body as { verifyCode: string }).verifyCode === '123456' ? ok({ signed: true }) : refusal('SMS_CODE_INVALID', '短信验证码错误，还可尝试 4 次'),
    );
    start();
    await dialog();
    enterCode('000000');
    confirm();
    expect(await screen.findByText('短信验证码错误，还可尝试 4 次')).toBeVisible();
    expect(results).toEqual([]);

    enterCode('123456');
    confirm();
    await waitFor(() => expect(results).toEqual([{ code: '0' }]));
    expect(sentTo(`${SIGN}/sms/verify`).at(-1)!.body).toEqual({ ...PARAMS, verifyCode: '123456' });
    await waitFor(() => expect(screen.queryByTestId('sms-sign-modal')).toBeNull());
  });

  it('opens an error modal with the server message on a non-zero sign result', async () => {
    answer(`${SIGN}/sms/verify`, refusal('1', '传入参数不完整'));
    start();
    await dialog();
    enterCode('123456');
    confirm();
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm-error')).toHaveTextContent('签署失败传入参数不完整'));
    expect(sentTo(`${SIGN}/sms/verify`)).toHaveLength(1);
    expect(results).toEqual([]);
  });
});
