import Button from 'antd/es/button';
import Input from 'antd/es/input';
import { CheckCircleFilled, CopyOutlined, EditOutlined, LinkOutlined } from '@ant-design/icons';
import { REFERRAL_HOST, normalizeReferralLink } from '@portal/contracts/onboarding/endpoints';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useUnsavedAnswers } from '../../../lib/unsavedAnswers';
import { completeStep } from '../api';
import type { StepProps } from './types';

/** Step 2, Get FG Link: the personal referral link, checked by the spec's rule and saved canonical. */
export function Step2Link({ progress, goTo }: StepProps) {
  const { t } = useTranslation('onboarding');
  const saved = progress.feelGreatLink;
  // the link as typed survives a session that ends before the save (lib/unsavedAnswers.ts); a
  // link typed over a saved one opens the form again
  const [{ link: value }, setTyped, forgetTyped, restored] = useUnsavedAnswers('step2', {
    link: saved ?? '',
  });
  const setValue = (link: string) => setTyped({ link });
  const [editing, setEditing] = useState(!saved || restored);
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);

  const showInvalid = () => {
    setInvalid(true);
    toast.error(t('step2.invalidTitle'), t('step2.invalidText', { host: REFERRAL_HOST }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!normalizeReferralLink(value)) return showInvalid();
    const first = !saved;
    setBusy(true);
    try {
      await completeStep({ step: 2, data: { feelGreatLink: value } });
      // the panel shows the saved link, in its canonical form; Edit starts again from it
      forgetTyped();
      setInvalid(false);
      setEditing(false);
      toast.success(t('step2.savedTitle'), t('step2.savedText'));
      if (first) goTo(3);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_link') showInvalid();
      else toast.error(t('step2.saveFailedTitle'), t('step2.saveFailedText'));
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!saved) return;
    try {
      await navigator.clipboard.writeText(saved);
      toast.success(t('step2.copiedTitle'), saved);
    } catch {
      toast.error(t('step2.copyFailedTitle'), saved);
    }
  };

  return (
    <div className="ob-step">
      <p className="ob-lead">{t('step2.lead')}</p>
      <ol className="ob-howto">
        <li>{t('step2.how1')}</li>
        <li>{t('step2.how2')}</li>
        <li>{t('step2.how3', { host: REFERRAL_HOST })}</li>
      </ol>

      {saved && !editing ? (
        <div className="ob-panel">
          <div className="ob-panel-icon" aria-hidden="true">
            <LinkOutlined />
          </div>
          <div className="ob-panel-body">
            <p className="ob-status ob-status-ok">
              <CheckCircleFilled /> {t('step2.savedLabel')}
            </p>
            <a
              className="ob-link"
              href={saved}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="saved-link"
            >
              {saved}
            </a>
            <div className="ob-actions">
              <Button type="primary" onClick={() => goTo(3)}>
                {t('nav.continueTo', { n: 3 })}
              </Button>
              <Button icon={<CopyOutlined />} onClick={() => void copy()}>
                {t('step2.copy')}
              </Button>
              <Button
                icon={<EditOutlined />}
                onClick={() => {
                  setValue(saved);
                  setEditing(true);
                }}
              >
                {t('step2.edit')}
              </Button>
            </div>
          </div>
        </div>
      ) : (
        <form className="ob-form ob-link-form" onSubmit={(e) => void submit(e)} noValidate>
          <label htmlFor="fg-link">{t('step2.label')}</label>
          <div className="ob-inline">
            <Input
              id="fg-link"
              size="large"
              prefix={<LinkOutlined />}
              placeholder={t('step2.placeholder')}
              value={value}
              maxLength={300}
              autoComplete="url"
              inputMode="url"
              status={invalid ? 'error' : undefined}
              aria-invalid={invalid}
              aria-describedby="fg-link-help"
              disabled={busy}
              onChange={(e) => {
                setValue(e.target.value);
                setInvalid(false);
              }}
            />
            <Button type="primary" size="large" htmlType="submit" loading={busy} disabled={!value.trim()}>
              {saved ? t('step2.update') : t('step2.verify')}
            </Button>
            {saved && (
              <Button
                size="large"
                onClick={() => {
                  setValue(saved);
                  setEditing(false);
                }}
                disabled={busy}
              >
                {t('common:actions.cancel')}
              </Button>
            )}
          </div>
          <p id="fg-link-help" className={invalid ? 'ob-help ob-help-error' : 'ob-help'}>
            {invalid
              ? t('step2.invalidText', { host: REFERRAL_HOST })
              : t('step2.help', { host: REFERRAL_HOST })}
          </p>
        </form>
      )}
    </div>
  );
}
