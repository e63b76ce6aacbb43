/** A page's failure toast: a business refusal once, with the server's (formatted) words; what the client already showed, never again. */
import { describe, expect, it, vi } from 'vitest';
import type { MessageInstance } from 'antd/es/message/interface';
import { toastPageFailure } from '../../src/components/page-failure';
import { ApiError } from '../../src/providers/http';

const messageStub = () => {
  const error = vi.fn();
  return { error, api: { error } as unknown as MessageInstance };
};

describe('toastPageFailure', () => {
  it('says a business refusal once, in the server words', () => {
    const { error, api } = messageStub();
    toastPageFailure(api, new ApiError('business', '额度不足：可用 ¥1,000,000.05', 200, 'CREDIT_QUOTA_INSUFFICIENT'));
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('额度不足：可用 ¥1,000,000.05');
  });

  it.each(['forbidden', 'network', 'timeout', 'unauthorized', 'cancelled'] as const)('leaves a %s failure to the client, which already said it', (kind) => {
    const { error, api } = messageStub();
    toastPageFailure(api, new ApiError(kind, 'x', 403));
    expect(error).not.toHaveBeenCalled();
  });

  it('says a failure of the page itself, and nothing for what is not an error', () => {
    const { error, api } = messageStub();
    toastPageFailure(api, new Error('导出失败'));
    toastPageFailure(api, 'not an error');
    expect(error.mock.calls).toEqual([['导出失败']]);
  });
});
