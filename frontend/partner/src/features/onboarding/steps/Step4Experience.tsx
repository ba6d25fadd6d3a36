import Button from 'antd/es/button';
import Input, { type InputRef } from 'antd/es/input';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import Radio from 'antd/es/radio';
import { CheckCircleFilled, CopyOutlined } from '@ant-design/icons';
import { SHORT_ANSWER_MAX, TEXT_ANSWER_MAX } from '@portal/contracts/onboarding/endpoints';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { useUnsavedAnswers } from '../../../lib/unsavedAnswers';
import { completeStep, updateOnboardingData } from '../api';
import { scriptPart } from '../script';
import type { StepProps } from './types';

/** A required question's "*", joined to its last word: a phone never starts a line with it alone. */
const Required = () => (
  <>
    {'\u00a0'}
    <span className="ob-req">*</span>
  </>
);

type Draft = {
  startDate: string;
  positiveChanges: string;
  confidenceLevel: '' | 'confident' | 'need_help';
  challenges: string;
};

/** Step 4, Product Experience: the partner's own story, the base of their invitation script; may be skipped. */
export function Step4Experience({ progress, goTo }: StepProps) {
  const { t } = useTranslation('onboarding');
  const saved = progress.productExperience;
  // what was typed survives a session that ends before the save (lib/unsavedAnswers.ts)
  const [draft, setDraft, forgetDraft] = useUnsavedAnswers<Draft>('step4', {
    startDate: saved?.startDate ?? '',
    positiveChanges: saved?.positiveChanges ?? '',
    confidenceLevel: saved?.confidenceLevel ?? '',
    challenges: saved?.challenges ?? '',
  });
  const [tried, setTried] = useState(false);
  const startField = useRef<InputRef>(null);
  const changesField = useRef<TextAreaRef>(null);
  const confidenceField = useRef<HTMLFieldSetElement>(null);
  const [busy, setBusy] = useState<'submit' | 'skip' | null>(null);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const missing = {
    startDate: !draft.startDate.trim(),
    positiveChanges: !draft.positiveChanges.trim(),
    confidenceLevel: !draft.confidenceLevel,
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (missing.startDate || missing.positiveChanges || missing.confidenceLevel) {
      toast.error(t('step4.requiredTitle'), t('step4.requiredText'));
      // the focus goes to the first question left open (it stayed on the button, below the form on
      // a phone, with only a toast and red borders to say what was missing)
      if (missing.startDate) startField.current?.focus();
      else if (missing.positiveChanges) changesField.current?.focus();
      else confidenceField.current?.querySelector('input')?.focus();
      return;
    }
    setBusy('submit');
    try {
      await completeStep({
        step: 4,
        data: {
          startDate: draft.startDate,
          positiveChanges: draft.positiveChanges,
          confidenceLevel: draft.confidenceLevel,
          ...(draft.challenges.trim() ? { challenges: draft.challenges } : {}),
        },
      });
      forgetDraft();
      toast.success(t('step4.savedTitle'), t('step4.savedText'));
      goTo(5);
    } catch {
      toast.error(t('step4.saveFailedTitle'), t('step4.saveFailedText'));
    } finally {
      setBusy(null);
    }
  };

  const skip = async () => {
    setBusy('skip');
    try {
      await updateOnboardingData({ productExperience: { isSkipped: true } });
      goTo(5);
    } catch {
      toast.error(t('step4.skipFailedTitle'), t('step4.skipFailedText'));
    } finally {
      setBusy(null);
    }
  };

  // the script writes its own punctuation after each answer ("…: {{changes}}. I thought of you")
  const startDate = scriptPart(draft.startDate);
  const changes = scriptPart(draft.positiveChanges);
  const script = startDate && changes ? t('step4.script', { startDate, changes }) : null;
  const copyScript = async () => {
    if (!script) return;
    try {
      await navigator.clipboard.writeText(script);
      toast.success(t('step4.scriptCopied'));
    } catch {
      toast.error(t('step3.copyFailed'));
    }
  };

  const err = (k: keyof typeof missing) => (tried && missing[k] ? 'error' : undefined);

  return (
    <div className="ob-step">
      <p className="ob-lead">{t('step4.lead')}</p>
      {saved?.isSkipped && !progress.step4Completed && <p className="ob-note">{t('step4.skippedNote')}</p>}
      <form className="ob-form" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor="pe-start">
          {t('step4.startDate')}
          <Required />
        </label>
        <Input
          id="pe-start"
          ref={startField}
          aria-required
          aria-invalid={!!err('startDate')}
          placeholder={t('step4.startDatePlaceholder')}
          value={draft.startDate}
          maxLength={SHORT_ANSWER_MAX}
          status={err('startDate')}
          onChange={(e) => set({ startDate: e.target.value })}
        />
        <label htmlFor="pe-changes">
          {t('step4.positiveChanges')}
          <Required />
        </label>
        <Input.TextArea
          id="pe-changes"
          ref={changesField}
          aria-required
          aria-invalid={!!err('positiveChanges')}
          placeholder={t('step4.positiveChangesPlaceholder')}
          autoSize={{ minRows: 3, maxRows: 8 }}
          value={draft.positiveChanges}
          maxLength={TEXT_ANSWER_MAX}
          status={err('positiveChanges')}
          onChange={(e) => set({ positiveChanges: e.target.value })}
        />
        <fieldset
          ref={confidenceField}
          className={err('confidenceLevel') ? 'ob-fieldset ob-fieldset-error' : 'ob-fieldset'}
        >
          <legend>
            {t('step4.confidenceLevel')}
            <Required />
          </legend>
          <Radio.Group
            value={draft.confidenceLevel}
            onChange={(e) => set({ confidenceLevel: e.target.value as Draft['confidenceLevel'] })}
          >
            <Radio value="confident">{t('step4.confident')}</Radio>
            <Radio value="need_help">{t('step4.needHelp')}</Radio>
          </Radio.Group>
        </fieldset>
        <label htmlFor="pe-challenges">
          {t('step4.challenges')} <span className="ob-optional">{t('optional')}</span>
        </label>
        <Input.TextArea
          id="pe-challenges"
          placeholder={t('step4.challengesPlaceholder')}
          autoSize={{ minRows: 2, maxRows: 6 }}
          value={draft.challenges}
          maxLength={TEXT_ANSWER_MAX}
          onChange={(e) => set({ challenges: e.target.value })}
        />

        {script && (
          <div className="ob-script">
            <div className="ob-script-head">
              <h3>{t('step4.scriptTitle')}</h3>
              <Button size="small" icon={<CopyOutlined />} onClick={() => void copyScript()}>
                {t('step3.copy')}
              </Button>
            </div>
            <p>{script}</p>
          </div>
        )}

        <div className="ob-step-foot">
          {progress.step4Completed ? (
            <span className="ob-status ob-status-ok">
              <CheckCircleFilled /> {t('step4.done')}
            </span>
          ) : (
            <Button
              type="text"
              onClick={() => void skip()}
              loading={busy === 'skip'}
              disabled={busy === 'submit'}
            >
              {t('step4.skip')}
            </Button>
          )}
          <Button
            type="primary"
            size="large"
            htmlType="submit"
            loading={busy === 'submit'}
            disabled={busy === 'skip'}
          >
            {progress.step4Completed ? t('step4.update') : t('step4.submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}
