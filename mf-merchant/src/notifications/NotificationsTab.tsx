import { useEffect, useState } from 'react';
import {
  getNotificationSettings,
  previewNotification,
  sendTestNotification,
  updateNotificationSettings,
  updateNotificationSettingsRequest,
  type NotificationMilestone,
  type NotificationSettings,
} from '@onvelope/contracts';
import { ApiError, failureMessage, useContractForm, type TextFieldSpec } from '@onvelope/ui';
import { merchantApi } from '../api.js';
import { Field, FormFields } from '../components/Field.js';
import {
  buyerQueryChoices,
  formOf,
  isChanged,
  milestones,
  milestoneTexts,
  pickerColour,
  requestOf,
  unloadedForm,
} from './notification-form.js';
import { SellerMessages } from './SellerMessages.js';
import { SuppressedAddresses } from './SuppressedAddresses.js';
import './notifications.css';

interface NotificationsTabProps {
  onSaved: (text: string) => void;
  /** A failure: the page decides between the session being over and showing `fallback`. */
  onFailed: (error: unknown, fallback: string) => void;
}

export const notificationTexts = {
  saved: 'Notification settings saved',
  saveFailed: 'Failed to save notification settings',
  loadFailed: 'Failed to load notification settings',
  previewFailed: 'Failed to load the preview',
  testFailed: 'Failed to send the test e-mail',
} as const;

type Preview = { milestone: NotificationMilestone } & (
  | { state: 'loading' }
  | { state: 'failed'; text: string }
  | { state: 'ready'; subject: string; pageUrl: string; text: string }
);

/** The text fields of the messages' look (the accent colour has its picker beside it). */
const lookFields: TextFieldSpec<'senderName' | 'replyTo' | 'logoUrl'>[] = [
  {
    name: 'senderName',
    label: 'Sender name',
    placeholder: 'Your store name',
    maxLength: 80,
    testId: 'notify-sender-name',
  },
  {
    name: 'replyTo',
    label: 'Reply-to address',
    type: 'email',
    autoComplete: 'email',
    placeholder: 'Your account address',
    testId: 'notify-reply-to',
  },
  {
    name: 'logoUrl',
    label: 'Logo URL (https)',
    type: 'url',
    placeholder: 'https://',
    testId: 'notify-logo-url',
  },
];

type TestResult = { kind: 'success' | 'error'; text: string };

/** A 401 belongs to the page (the session is over); anything else is this control's to show. */
const isSessionEnd = (error: unknown) => error instanceof ApiError && error.isSessionExpired;

/**
 * Account settings, NOTIFICATIONS tab (issue 34): which shipping milestones e-mail the buyer, the
 * look of those messages (sender name, reply-to, logo, accent colour), a preview and a test of each
 * message, how the seller hears of buyers' queries (at once or a daily digest), the messages sent
 * to the seller, and the addresses the seller's messages no longer go to.
 */
export function NotificationsTab({ onSaved, onFailed }: NotificationsTabProps) {
  const [saved, setSaved] = useState<NotificationSettings | null>(null);
  // Drawn only once the saved settings have loaded (`replace`); until then the tab says it loads.
  const {
    values: form,
    field,
    set,
    replace,
    formRef,
    busy,
    handleSubmit,
  } = useContractForm(updateNotificationSettingsRequest, unloadedForm, { bodyOf: requestOf });
  const [preview, setPreview] = useState<Preview | null>(null);
  const [tests, setTests] = useState<Partial<Record<NotificationMilestone, TestResult>>>({});
  const [testing, setTesting] = useState<NotificationMilestone | null>(null);

  useEffect(() => {
    let live = true;
    merchantApi.call(getNotificationSettings).then(
      (answer) => {
        if (!live) return;
        setSaved(answer.settings);
        replace(formOf(answer.settings));
      },
      (error: unknown) => {
        if (live) onFailed(error, notificationTexts.loadFailed);
      },
    );
    return () => {
      live = false;
    };
    // Once per visit of the tab.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!saved) {
    return (
      <p role="status" data-testid="notifications-loading">
        Loading notification settings...
      </p>
    );
  }

  async function save(body: ReturnType<typeof requestOf>) {
    const answer = await merchantApi.call(updateNotificationSettings, { body });
    setSaved(answer.settings);
    replace(formOf(answer.settings));
    onSaved(notificationTexts.saved);
  }

  async function showPreview(milestone: NotificationMilestone) {
    setPreview({ milestone, state: 'loading' });
    try {
      const answer = await merchantApi.call(previewNotification, { params: { milestone } });
      setPreview({
        milestone,
        state: 'ready',
        subject: answer.subject,
        pageUrl: answer.pageUrl,
        text: answer.text,
      });
    } catch (error) {
      if (isSessionEnd(error)) return onFailed(error, notificationTexts.previewFailed);
      setPreview({
        milestone,
        state: 'failed',
        text: failureMessage(error, notificationTexts.previewFailed),
      });
    }
  }

  async function sendTest(milestone: NotificationMilestone) {
    setTesting(milestone);
    try {
      const answer = await merchantApi.call(sendTestNotification, { body: { milestone } });
      setTests((shown) => ({
        ...shown,
        [milestone]: {
          kind: 'success',
          text: `Test e-mail on its way to ${answer.sentTo}.`,
        },
      }));
    } catch (error) {
      if (isSessionEnd(error)) return onFailed(error, notificationTexts.testFailed);
      // 409 (address not known yet) and 429 (too many an hour) carry the server's own words.
      setTests((shown) => ({
        ...shown,
        [milestone]: { kind: 'error', text: failureMessage(error, notificationTexts.testFailed) },
      }));
    } finally {
      setTesting(null);
    }
  }

  const changed = isChanged(form, saved);

  return (
    <div className="me-notify">
      <form
        ref={formRef}
        className="me-form"
        onSubmit={handleSubmit(save, (error) => onFailed(error, notificationTexts.saveFailed))}
        noValidate
        data-testid="notifications-form"
      >
        <p className="me-muted">
          ONVELOPE e-mails your buyers when their order moves, in your name and your colours.
          Replies go to your reply-to address.
        </p>
        <fieldset className="me-notify__milestones">
          <legend>Messages to buyers</legend>
          {milestones.map((milestone) => (
            <div className="me-notify__milestone" key={milestone} data-testid="notify-milestone">
              <label className="me-notify__switch">
                <input
                  type="checkbox"
                  role="switch"
                  checked={form.milestones[milestone]}
                  onChange={(event) =>
                    set('milestones', { ...form.milestones, [milestone]: event.target.checked })
                  }
                  aria-describedby={`notify-when-${milestone}`}
                  data-testid={`notify-milestone-${milestone}`}
                />
                <span className="me-notify__label">{milestoneTexts[milestone].label}</span>
                <span id={`notify-when-${milestone}`} className="me-notify__when">
                  {milestoneTexts[milestone].when}
                </span>
              </label>
              <div className="me-notify__buttons">
                <button
                  type="button"
                  className="ov-button ov-button--secondary"
                  onClick={() => void showPreview(milestone)}
                  aria-label={`Preview the ${milestoneTexts[milestone].label} message`}
                  data-testid={`notify-preview-${milestone}`}
                >
                  Preview
                </button>
                <button
                  type="button"
                  className="ov-button ov-button--secondary"
                  disabled={testing !== null}
                  onClick={() => void sendTest(milestone)}
                  aria-label={`Send me a test of the ${milestoneTexts[milestone].label} message`}
                  data-testid={`notify-test-${milestone}`}
                >
                  {testing === milestone ? 'Sending...' : 'Send me a test'}
                </button>
              </div>
              {tests[milestone] && (
                <p
                  className={
                    tests[milestone].kind === 'success'
                      ? 'me-notify__result'
                      : 'me-notify__result me-field__error'
                  }
                  role={tests[milestone].kind === 'success' ? 'status' : 'alert'}
                  data-testid={`notify-test-result-${milestone}`}
                >
                  {tests[milestone].text}
                </p>
              )}
            </div>
          ))}
        </fieldset>
        <fieldset className="me-notify__milestones" data-testid="notify-buyer-queries">
          <legend>Buyer queries</legend>
          <p className="me-muted me-notify__hint me-notify__lead">
            When a buyer sends a query about an order, we e-mail you at your account address:
          </p>
          {buyerQueryChoices.map((choice) => (
            <label className="me-notify__choice" key={choice.value}>
              <input
                type="radio"
                name="buyerQueries"
                value={choice.value}
                checked={form.buyerQueries === choice.value}
                onChange={() => set('buyerQueries', choice.value)}
                aria-describedby={`notify-buyer-queries-hint-${choice.value}`}
                data-testid={`notify-buyer-queries-${choice.value}`}
              />
              <span className="me-notify__label">{choice.label}</span>
              <span id={`notify-buyer-queries-hint-${choice.value}`} className="me-notify__when">
                {choice.hint}
              </span>
            </label>
          ))}
          <p className="me-notify__always" data-testid="notify-account-messages">
            Messages about your billing (trial, payments, subscription) and your store connection
            are always sent at once: they are about your account.
          </p>
        </fieldset>
        <div className="me-form me-form--grid">
          <FormFields fields={lookFields} field={field} />
          <div className="me-notify__colour">
            <input
              type="color"
              value={pickerColour(form.accentColor)}
              onChange={(event) => set('accentColor', event.target.value)}
              aria-label="Accent colour picker"
              data-testid="notify-accent-picker"
            />
            <Field
              label="Accent colour"
              placeholder="#1f6feb"
              maxLength={7}
              {...field('accentColor')}
              testId="notify-accent-color"
            />
          </div>
        </div>
        <p className="me-muted me-notify__hint">
          Leave a field empty to use your store name, your account address, no logo, or the standard
          blue.
        </p>
        <div className="me-form__actions">
          <button type="submit" className="ov-button" disabled={busy} data-testid="notify-save">
            Save Notification Settings
          </button>
        </div>
      </form>

      {preview && (
        <section
          className="me-notify__preview"
          aria-label="Message preview"
          data-testid="notify-preview"
        >
          <h3>Preview: {milestoneTexts[preview.milestone].label}</h3>
          {changed && (
            <p className="me-muted" data-testid="notify-preview-unsaved">
              The preview shows your saved settings; save to see your changes.
            </p>
          )}
          {preview.state === 'loading' && <p role="status">Loading the preview...</p>}
          {preview.state === 'failed' && (
            <p className="ov-alert ov-alert--error" role="alert">
              {preview.text}
            </p>
          )}
          {preview.state === 'ready' && (
            <>
              <p className="me-notify__subject">
                Subject: <strong data-testid="notify-preview-subject">{preview.subject}</strong>
              </p>
              {/*
                The message's own page (svc-notify's signed address, under a policy that lets its
                inline styles in: this page's own CSP would refuse them in a srcdoc frame). An
                empty sandbox: it runs no script and reaches nothing of this page.
              */}
              <iframe
                className="me-notify__frame"
                title={`Preview of the ${milestoneTexts[preview.milestone].label} message`}
                sandbox=""
                src={preview.pageUrl}
                data-testid="notify-preview-frame"
              />
              <details className="me-notify__text">
                <summary>Plain-text version</summary>
                <pre data-testid="notify-preview-text">{preview.text}</pre>
              </details>
            </>
          )}
          <button
            type="button"
            className="me-link-button"
            onClick={() => setPreview(null)}
            data-testid="notify-preview-close"
          >
            Close preview
          </button>
        </section>
      )}

      <SellerMessages onFailed={onFailed} />

      <SuppressedAddresses onFailed={onFailed} />
    </div>
  );
}
