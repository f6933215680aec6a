import {
  codeCalls,
  DISCOUNT_CODE_MAX,
  discountCodeTextSchema,
  INVALID_CODE_FREEZE_AT,
  type DiscountCodeResult,
} from '@gre/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { ApiError, call } from '../../api/client';
import { reportError } from '../../api/query-client';
import { zh } from '../../i18n/zh-CN';

const c = zh.pay.code;
/** A code the schema refuses can never be valid; asking the server about it would only count towards the freeze. */
const codeText = discountCodeTextSchema.min(1);

/**
 * Spec §5 discount code: empty → '请输入优惠码'; the server checks it (`/api/code/get`); invalid → '优惠码不可用' and
 * the field clears; valid → '正在使用 {name}' and the dialog creates the trade again with it. The help text warns that
 * invalid codes freeze the account (INVALID_CODE_FREEZE_AT in 24 hours, counted by the server).
 */
export function DiscountCodeField({
  applied,
  onApplied,
}: {
  applied: DiscountCodeResult | null;
  onApplied: (code: DiscountCodeResult) => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = useMutation({
    mutationFn: (code: string) => call(codeCalls.get, { code }, { quiet: true }),
    meta: { handlesErrors: true },
  });

  const refuse = () => {
    setError(c.invalid);
    setText('');
  };

  const apply = () => {
    const code = text.trim();
    if (!code) return setError(c.empty);
    if (!codeText.safeParse(code).success) return refuse();
    setError(null);
    check.mutate(code, {
      onSuccess: (result) => (result.valid ? onApplied(result) : refuse()),
      onError: (e) => {
        // A server that answers "no such code" with an error kind rather than `valid: false` means the same.
        if (e instanceof ApiError && (e.kind === 'not_found' || e.kind === 'invalid_input')) refuse();
        else reportError(e);
      },
    });
  };

  const help = error ?? (applied ? c.using(applied.name) : undefined);
  return (
    <Form.Item
      label={c.label}
      htmlFor="gr-pay-code"
      validateStatus={error ? 'error' : applied ? 'success' : undefined}
      help={help && <span>{help}</span>}
      extra={c.help(INVALID_CODE_FREEZE_AT)}
      style={{ marginBottom: 0 }}
    >
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id="gr-pay-code"
          value={text}
          placeholder={c.placeholder}
          maxLength={DISCOUNT_CODE_MAX}
          autoComplete="off"
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          onPressEnter={apply}
        />
        <Button onClick={apply} loading={check.isPending}>
          {c.apply}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
