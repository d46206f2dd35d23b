import { Button, type ButtonProps } from './button.tsx';
import { Spinner } from './spinner.tsx';

export type PendingButtonProps = Omit<ButtonProps, 'asChild'> & {
  /** The step is running: the button is disabled and shows a spinner with `pendingLabel`. */
  pending: boolean;
  pendingLabel: string;
};

/** A button that turns into a disabled spinner with a "…ing" label while its step runs. */
export function PendingButton({
  pending,
  pendingLabel,
  disabled,
  children,
  ...props
}: PendingButtonProps) {
  return (
    <Button disabled={pending || disabled} {...props}>
      {pending ? (
        <>
          <Spinner size="small" className="text-current" />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}

/** A form's submit button that shows a spinner and `pendingLabel` while the form is sent. */
export function SubmitButton(props: Omit<PendingButtonProps, 'type'>) {
  return <PendingButton type="submit" {...props} />;
}
