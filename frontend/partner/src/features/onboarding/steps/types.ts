import type { StepNumber } from '@portal/contracts/onboarding/endpoints';
import type { Progress } from '../api';

export interface StepProps {
  progress: Progress;
  /** show another step (sets the query value) */
  goTo: (step: StepNumber) => void;
}
