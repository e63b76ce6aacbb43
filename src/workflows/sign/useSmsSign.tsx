/**
 * SMS signing as one awaitable call (spec 4.3, 5.2):
 *
 *   const { sign, modal } = useSmsSign();
 *   const { code, message } = await sign({ businessKeys, businessType, productType, corpName, personId, corpId, summary });
 *   // render {modal} somewhere in the component
 *
 * code '1' (传入参数不完整) at once, without a request, when businessKeys, businessType, productType or
 * corpName is missing; code '0' at once when signing is switched off for corpName (switch/find);
 * otherwise the modal opens (SmsSignModal) and the promise settles with '0' when signed or '2' when
 * closed. It rejects only when the switch lookup itself fails (the client's ApiError).
 */
import '../task-view/locale';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import i18n from '../../providers/i18n';
import { SIGN_RESULT } from '../../lib/sms-sign';
import { signatureApi, signParamsComplete, type SmsSignParams } from './sign-api';
import { SmsSignModal, type SignResult } from './SmsSignModal';

export type { SignResult } from './SmsSignModal';
export type { SmsSignParams } from './sign-api';

interface Open {
  params: SmsSignParams;
  resolve: (result: SignResult) => void;
}

export function useSmsSign(): { sign: (params: Partial<SmsSignParams>) => Promise<SignResult>; modal: ReactNode } {
  const [open, setOpen] = useState<Open>();
  const pending = useRef<Open>(undefined);

  const sign = useCallback(async (params: Partial<SmsSignParams>): Promise<SignResult> => {
    if (!signParamsComplete(params)) return { code: SIGN_RESULT.INCOMPLETE, message: i18n.t('workflow:sign.incomplete') };
    if (!(await signatureApi.isOpen(params.corpName))) return { code: SIGN_RESULT.SUCCESS };
    return new Promise<SignResult>((resolve) => {
      // A second sign() while one is open ends the first as closed: one modal, one answer each.
      pending.current?.resolve({ code: SIGN_RESULT.CANCELLED });
      pending.current = { params, resolve };
      setOpen(pending.current);
    });
  }, []);

  const done = useCallback((result: SignResult) => {
    pending.current?.resolve(result);
    pending.current = undefined;
    setOpen(undefined);
  }, []);

  const modal = open ? <SmsSignModal key={open.params.businessKeys.join(',')} params={open.params} onDone={done} /> : null;
  return { sign, modal };
}
