import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Input from 'antd/es/input';
import { TrophyOutlined } from '@ant-design/icons';
import { useNavigate } from '@tanstack/react-router';
import { SHORT_ANSWER_MAX, type StepNumber, TEXT_ANSWER_MAX } from '@portal/contracts/onboarding/endpoints';
import { meetsFoundationRule } from '@portal/contracts/onboarding/foundation';
import type { WhyAnswers } from '@portal/contracts/onboarding/schemas';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { useUnsavedAnswers } from '../../../lib/unsavedAnswers';
import { completeStep } from '../api';
import type { StepProps } from './types';

/** Steps 1 to 4 passed (step 4 complete or skipped): submitting step 5 completes the training. */
const earlierStepsDone = (p: StepProps['progress']) =>
  meetsFoundationRule(
    [p.step1Completed, p.step2Completed, p.step3Completed, p.step4Completed, true],
    p.productExperience?.isSkipped === true,
  );

/** After step 5, the Academy opens after about 1.5 s (spec 000 section 9). */
const ACADEMY_REDIRECT_MS = 1500;

type Field = Exclude<keyof WhyAnswers, 'shareWithSponsor'>;
const FIELDS: { name: Field; long: boolean; optional?: boolean; half?: boolean }[] = [
  { name: 'joinReason', long: true },
  { name: 'monthlyGoal3', long: false },
  { name: 'monthlyGoal6', long: false },
  { name: 'monthlyGoal12', long: false },
  { name: 'lifeChanges', long: true },
  { name: 'nonMonetaryGoals', long: true, optional: true },
  { name: 'commitmentLevel', long: false, half: true },
  { name: 'timeAvailable', long: false, half: true },
  { name: 'helpNeeded', long: true },
  { name: 'strengths', long: true },
];

const emptyAnswers = (): WhyAnswers => ({
  joinReason: '',
  monthlyGoal3: '',
  monthlyGoal6: '',
  monthlyGoal12: '',
  lifeChanges: '',
  nonMonetaryGoals: '',
  commitmentLevel: '',
  timeAvailable: '',
  helpNeeded: '',
  strengths: '',
  shareWithSponsor: true,
});

/**
 * Step 5, Start your Why: the partner's reasons and goals. Submitting completes the training
 * when the earlier steps are done (the foundation rule); otherwise the answers are saved and the
 * wizard moves to the first open step.
 */
export function Step5Why({ progress, goTo }: StepProps) {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  // what was typed survives a session that ends before the save (lib/unsavedAnswers.ts)
  const [answers, setAnswers, forgetAnswers] = useUnsavedAnswers<WhyAnswers>('step5', {
    ...emptyAnswers(),
    ...(progress.whyAnswers ?? {}),
  });
  const [busy, setBusy] = useState(false);
  const [finished, setFinished] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const { nonMonetaryGoals, ...rest } = answers;
      const saved = await completeStep({
        step: 5,
        data: { ...rest, ...(nonMonetaryGoals?.trim() ? { nonMonetaryGoals } : {}) },
      });
      forgetAnswers();
      if (!saved.trainingCompleted) {
        setBusy(false);
        toast.success(t('step5.savedTitle'), t('step5.savedText', { n: saved.currentStep }));
        goTo(saved.currentStep as StepNumber);
        return;
      }
      setFinished(true);
      toast.success(t('step5.doneTitle'), t('step5.doneText'));
      timer.current = setTimeout(() => void navigate({ to: '/academy' }), ACADEMY_REDIRECT_MS);
    } catch {
      toast.error(t('errors.completeTitle'), t('errors.completeText'));
      setBusy(false);
    }
  };

  if (finished) {
    return (
      <div className="ob-step ob-finished" role="status">
        <TrophyOutlined className="ob-finished-icon" aria-hidden="true" />
        <h3>{t('step5.doneTitle')}</h3>
        <p>{t('step5.opening')}</p>
      </div>
    );
  }

  return (
    <div className="ob-step">
      <p className="ob-lead">{t('step5.lead')}</p>
      <form className="ob-form ob-why" onSubmit={(e) => void submit(e)} noValidate>
        {FIELDS.map(({ name, long, optional, half }) => (
          <div
            key={name}
            className={long ? 'ob-field ob-field-wide' : half ? 'ob-field ob-field-half' : 'ob-field'}
          >
            <label htmlFor={`why-${name}`}>
              {t(`step5.${name}`)} {optional && <span className="ob-optional">{t('optional')}</span>}
            </label>
            {long ? (
              <Input.TextArea
                id={`why-${name}`}
                autoSize={{ minRows: 2, maxRows: 8 }}
                maxLength={TEXT_ANSWER_MAX}
                placeholder={t(`step5.${name}Placeholder`)}
                value={answers[name] ?? ''}
                onChange={(e) => setAnswers((a) => ({ ...a, [name]: e.target.value }))}
              />
            ) : (
              <Input
                id={`why-${name}`}
                maxLength={SHORT_ANSWER_MAX}
                placeholder={t(`step5.${name}Placeholder`)}
                value={answers[name] ?? ''}
                onChange={(e) => setAnswers((a) => ({ ...a, [name]: e.target.value }))}
              />
            )}
          </div>
        ))}
        <div className="ob-field ob-field-wide">
          <Checkbox
            checked={answers.shareWithSponsor}
            onChange={(e) => setAnswers((a) => ({ ...a, shareWithSponsor: e.target.checked }))}
          >
            {t('step5.shareWithSponsor')}
          </Checkbox>
          <p className="ob-help">{t('step5.shareHelp')}</p>
        </div>
        <div className="ob-step-foot ob-field-wide">
          <span />
          <Button type="primary" size="large" htmlType="submit" loading={busy} icon={<TrophyOutlined />}>
            {progress.step5Completed || !earlierStepsDone(progress) ? t('step5.update') : t('step5.submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}
