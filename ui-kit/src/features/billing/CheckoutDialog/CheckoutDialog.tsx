import { useId, useState } from 'react';
import { FieldError, Label, Radio, RadioGroup } from 'react-aria-components';
import { useController, useForm, type UseFormReturn } from 'react-hook-form';
import { Form, FormTextField } from '../../../forms/Form';
import { applyServerErrors, serverFieldErrors } from '../../../forms/server-errors';
import { isMessageKey, useLocale, useT } from '../../../i18n';
import { billingTexts } from '../billing.texts';
import { Button } from '../../../primitives/Button/Button';
import { Dialog } from '../../../primitives/Dialog/Dialog';
import { Icon } from '../../../primitives/Icon/Icon';
import { PixPayment } from '../PixPayment/PixPayment';
import {
  STEP_FIELDS,
  checkoutBody,
  checkoutFormValues,
  checkoutRules,
  estimateTotal,
  formatBrl,
  type CheckoutFormValues,
  type Invoice,
  type PixCharge,
  type Plan,
} from '../billing-rules';
import type { CheckoutBody } from '../data/billing';

export type CheckoutStep = 'data' | 'plan' | 'review' | 'pix';
/** The three steps the indicator shows; the Pix view follows them. */
export const CHECKOUT_STEPS = ['data', 'plan', 'review'] as const;
const STEP_LABEL = { data: 'billing.step.data', plan: 'billing.step.plan', review: 'billing.step.review' } as const;

export interface CheckoutDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The open invoice paid. Mount anew (a `key`) for each invoice. */
  invoice: Invoice | null;
  /** GET /plans/list (public): each a card with its monthly price and limits; undefined while loading. */
  plans: Plan[] | undefined;
  /** 'Nome completo' starts with it (the signed-in user's name). */
  payerName?: string;
  /**
   * 'Revisar' → submit: POST /subscription with this body (no card field, no price). Resolve with the Pix charge to
   * show it; reject to stay on the review (field errors go back to their step; the rest the connected part toasts).
   */
  onSubmit: (body: CheckoutBody) => Promise<PixCharge>;
  /** The sandbox gateway's 'Simular pagamento'. */
  onSimulatePayment?: (charge: PixCharge) => Promise<void>;
  /** Paid: the new due date from the payment event (or true when only the charge says paid). */
  paid?: string | true | null;
  /** Where the dialog starts (stories, tests); 'data' by default. */
  initialStep?: CheckoutStep;
  /** The charge already made (stories, tests of the Pix view). */
  initialCharge?: PixCharge | null;
}

/**
 * The checkout dialog (spec back-office, 'PAGAR'): three steps, 'Dados' (the payer's full name only: a Pix charge needs
 * no postal address, so none is asked; never any card field), 'Personalizar' (the plan, a card per plan with
 * its monthly price, users, connections and queues; the invoice's plan first chosen) and 'Revisar' (payer,
 * plan, months and the estimated total, plan value × months: the server prices the charge), then the Pix view. A
 * step indicator marks the current step (aria-current); 'Voltar' and 'Próximo' move, Enter goes on, Escape closes.
 */
export function CheckoutDialog({
  isOpen,
  onOpenChange,
  invoice,
  plans,
  payerName,
  onSubmit,
  onSimulatePayment,
  paid,
  initialStep = 'data',
  initialCharge = null,
}: CheckoutDialogProps) {
  const t = useT(billingTexts);
  const formId = useId();
  const form = useForm<CheckoutFormValues>({ defaultValues: checkoutFormValues(invoice, payerName) });
  const [step, setStep] = useState<CheckoutStep>(initialCharge ? 'pix' : initialStep);
  const [charge, setCharge] = useState<PixCharge | null>(initialCharge);
  const busy = form.formState.isSubmitting;

  const goTo = (next: CheckoutStep) => setStep(next);

  const submit = async (values: CheckoutFormValues) => {
    if (!invoice) return;
    try {
      const answer = await onSubmit(checkoutBody(values, invoice.id));
      setCharge(answer);
      setStep('pix');
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (fields.length === 0) return;
      const onData = fields.some(({ field }) => (STEP_FIELDS.data as readonly string[]).includes(field));
      const onPlan = fields.some(({ field }) => field === 'planId');
      if (onData) setStep('data');
      else if (onPlan) setStep('plan');
      // Set once the step's fields are mounted again.
      setTimeout(() => applyServerErrors(form.setError, err));
    }
  };

  const advance = async (values: CheckoutFormValues) => {
    if (step === 'data') goTo('plan');
    else if (step === 'plan') goTo('review');
    else if (step === 'review') await submit(values);
  };

  const index = CHECKOUT_STEPS.indexOf(step as (typeof CHECKOUT_STEPS)[number]);
  const footer =
    step === 'pix' ? (
      <Button variant={paid ? 'primary' : 'secondary'} onPress={() => onOpenChange(false)}>
        {t('billing.close')}
      </Button>
    ) : (
      <>
        {step !== 'data' && (
          <Button variant="secondary" isDisabled={busy} onPress={() => goTo(step === 'review' ? 'plan' : 'data')} className="atd-Checkout-back">
            {t('billing.back')}
          </Button>
        )}
        <Button type="submit" form={formId} isPending={busy}>
          {step === 'review' ? t('billing.submit') : t('billing.next')}
        </Button>
      </>
    );

  return (
    <Dialog
      title={invoice ? t('billing.checkout.title', { id: invoice.id }) : t('billing.step.data')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!busy}
      size="lg"
      className="atd-Checkout"
      footer={footer}
    >
      {step === 'pix' && charge ? (
        <>
          <h3 className="atd-Checkout-stepTitle">{t('billing.pix.title')}</h3>
          <PixPayment charge={charge} onSimulatePayment={onSimulatePayment} paid={paid} />
        </>
      ) : (
        <>
          <nav aria-label={t('billing.checkout.steps')}>
            <ol className="atd-Checkout-steps">
              {CHECKOUT_STEPS.map((s, i) => (
                <li
                  key={s}
                  className="atd-Checkout-stepItem"
                  data-state={i < index ? 'done' : i === index ? 'current' : 'todo'}
                  aria-current={i === index ? 'step' : undefined}
                >
                  <span className="atd-Checkout-stepNumber" aria-hidden="true">
                    {i < index ? <Icon name="check" /> : i + 1}
                  </span>
                  <span className="atd-Checkout-stepLabel">{t(STEP_LABEL[s])}</span>
                </li>
              ))}
            </ol>
          </nav>
          {/* The indicator shows the step; the heading names it for screen readers. */}
          <h3 className="atd-visually-hidden">
            {t('billing.checkout.stepOf', { step: index + 1, count: CHECKOUT_STEPS.length })}: {t(STEP_LABEL[step as keyof typeof STEP_LABEL])}
          </h3>
          <Form form={form} id={formId} onSubmit={advance} className="atd-Checkout-form">
            {step === 'data' && <DataStep />}
            {step === 'plan' && <PlanStep form={form} plans={plans} invoice={invoice} />}
            {step === 'review' && <ReviewStep values={form.getValues()} plans={plans} invoice={invoice} />}
          </Form>
        </>
      )}
    </Dialog>
  );
}

/** The payer's name only: a Pix charge needs no postal address. */
function DataStep() {
  const t = useT(billingTexts);
  return (
    <div className="atd-Checkout-grid">
      <FormTextField<CheckoutFormValues>
        name="firstName"
        rule={checkoutRules.firstName}
        label={t('billing.field.firstName')}
        description={t('billing.field.firstName.description')}
        isRequired
        autoFocus
        autoComplete="name"
        className="atd-Checkout-wide"
      />
    </div>
  );
}

function PlanStep({ form, plans, invoice }: { form: UseFormReturn<CheckoutFormValues>; plans: Plan[] | undefined; invoice: Invoice | null }) {
  const t = useT(billingTexts);
  const locale = useLocale();
  const {
    field: { ref, ...field },
    fieldState,
  } = useController({ control: form.control, name: 'planId', rules: { validate: checkoutRules.planId } });
  const message = fieldState.error?.message;
  const error = message ? (isMessageKey(message) ? t(message) : message) : undefined;

  if (!plans) return <p role="status">{t('billing.plans.loading')}</p>;
  if (plans.length === 0) return <p>{t('billing.plans.empty')}</p>;
  return (
    <RadioGroup
      className="atd-Checkout-plans"
      name={field.name}
      value={field.value || null}
      onChange={field.onChange}
      onBlur={field.onBlur}
      isInvalid={Boolean(error)}
      validationBehavior="aria"
      isRequired
    >
      <Label className="atd-Checkout-plansLabel">{t('billing.plans.label')}</Label>
      <div className="atd-Checkout-planCards">
        {plans.map((plan, i) => (
          <Radio key={plan.id} value={String(plan.id)} className="atd-Checkout-plan" inputRef={i === 0 ? ref : undefined}>
            <span className="atd-Checkout-planHead">
              <span className="atd-Checkout-planMark" aria-hidden="true" />
              <span className="atd-Checkout-planName">{plan.name}</span>
              {plan.id === invoice?.planId && <span className="atd-Checkout-planCurrent">{t('billing.plans.current')}</span>}
            </span>
            <span className="atd-Checkout-planPrice">{t('billing.plans.perMonth', { price: formatBrl(plan.value, locale) })}</span>
            <span className="atd-Checkout-planLimits">
              <span>{t('billing.plans.users', { count: plan.users })}</span>
              <span>{t('billing.plans.connections', { count: plan.connections })}</span>
              <span>{t('billing.plans.queues', { count: plan.queues })}</span>
            </span>
          </Radio>
        ))}
      </div>
      <FieldError className="atd-Checkout-planError">{error}</FieldError>
    </RadioGroup>
  );
}

function ReviewStep({ values, plans, invoice }: { values: CheckoutFormValues; plans: Plan[] | undefined; invoice: Invoice | null }) {
  const t = useT(billingTexts);
  const locale = useLocale();
  const plan = plans?.find((p) => String(p.id) === values.planId);
  const months = invoice?.periodMonths ?? 1;
  const total = plan ? estimateTotal(plan.value, months) : invoice?.value;
  return (
    <div className="atd-Checkout-review">
      <dl className="atd-Checkout-summary">
        <div>
          <dt>{t('billing.review.payer')}</dt>
          <dd>{values.firstName.trim()}</dd>
        </div>
        <div>
          <dt>{t('billing.review.plan')}</dt>
          <dd>{plan ? `${plan.name} · ${t('billing.plans.perMonth', { price: formatBrl(plan.value, locale) })}` : (invoice?.detail ?? '')}</dd>
        </div>
        <div>
          <dt>{t('billing.review.months')}</dt>
          <dd>{t('billing.review.monthsValue', { count: months })}</dd>
        </div>
        <div className="atd-Checkout-total">
          <dt>{t('billing.review.total')}</dt>
          <dd>{total !== undefined ? formatBrl(total, locale) : ''}</dd>
        </div>
      </dl>
      <p className="atd-Checkout-note">{t('billing.review.note')}</p>
    </div>
  );
}
