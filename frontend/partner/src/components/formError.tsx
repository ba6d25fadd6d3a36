/**
 * The one error of a sign-in form (the login dialog, the second-factor code step): shown under
 * a field, announced, and linked to the input it is about.
 */

/** Layout of every sign-in form: checked on submit, no required marks. */
export const signInFormLayout = {
  layout: 'vertical',
  requiredMark: false,
  className: 'login-form',
  noValidate: true,
  validateTrigger: 'onSubmit',
} as const;

/** The Form.Item props that show the error under the field. */
export const errorUnderField = (error: string | null, id: string) => ({
  validateStatus: error ? ('error' as const) : undefined,
  help: error ? (
    <span role="alert" id={id}>
      {error}
    </span>
  ) : undefined,
});

/** The input props that tie the error to the input it is about. */
export const describedByError = (error: string | null, id: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? id : undefined,
});
