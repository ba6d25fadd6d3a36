import Button from 'antd/es/button';
import { CloseOutlined } from '@ant-design/icons';
import type { TooltipRenderProps } from 'react-joyride';

type ButtonProps = TooltipRenderProps['primaryProps'];

/** A joyride button's handler and marker; its label (the translated text) is the button's text. */
const action = ({ onClick, 'data-action': dataAction }: ButtonProps) => ({
  onClick,
  'data-action': dataAction,
});

/**
 * The academy tour's tooltip: joyride's layout (title, text, Skip on the left, Back and Next on
 * the right, × in the corner) with the app's antd buttons, so the tour's buttons have the font,
 * colours, corners and keyboard focus ring of every other button of the app.
 */
export function TourTooltip({
  backProps,
  closeProps,
  primaryProps,
  skipProps,
  tooltipProps,
  index,
  isLastStep,
  step,
}: TooltipRenderProps) {
  return (
    <div
      className="tour-tip react-joyride__tooltip"
      style={{ width: step.styles.tooltip.width }}
      data-joyride-step={index}
      {...tooltipProps}
      aria-labelledby="tour-tip-title"
      aria-describedby="tour-tip-content"
    >
      <Button
        className="tour-tip-close"
        type="text"
        icon={<CloseOutlined />}
        aria-label={closeProps['aria-label']}
        {...action(closeProps)}
      />
      <h3 id="tour-tip-title">{step.title}</h3>
      <div id="tour-tip-content" className="tour-tip-content">
        {step.content}
      </div>
      <div className="tour-tip-foot">
        {!isLastStep && (
          <Button type="text" {...action(skipProps)}>
            {skipProps['aria-label']}
          </Button>
        )}
        <span className="tour-tip-nav">
          {index > 0 && <Button {...action(backProps)}>{backProps['aria-label']}</Button>}
          <Button type="primary" {...action(primaryProps)}>
            {primaryProps['aria-label']}
          </Button>
        </span>
      </div>
    </div>
  );
}
