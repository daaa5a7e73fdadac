// @vitest-environment jsdom
import { updatePasswordRequest, updateProfileRequest } from '@onvelope/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TextField } from './TextField.js';
import { useContractForm } from './use-contract-form.js';

// jsdom lays nothing out, so it has no scrolling: bringing a field into view does nothing here.
beforeEach(() => {
  Element.prototype.scrollIntoView = () => {};
});
afterEach(cleanup);

type Passwords = { currentPassword: string; newPassword: string; confirmPassword: string };

/** A password form on the hook; `send` stands for the call the form makes. */
function PasswordForm({ send }: { send: (values: Passwords) => Promise<void> }) {
  const { formRef, field, busy, handleSubmit } = useContractForm(updatePasswordRequest, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  return (
    <form ref={formRef} onSubmit={handleSubmit(send, () => {})} noValidate>
      <TextField classPrefix="t" label="Current" {...field('currentPassword')} testId="current" />
      <TextField classPrefix="t" label="New" {...field('newPassword')} testId="new" />
      <TextField classPrefix="t" label="Confirm" {...field('confirmPassword')} testId="confirm" />
      <button type="submit" disabled={busy}>
        Save
      </button>
    </form>
  );
}

const errorOf = (testId: string) => screen.queryByTestId(`${testId}-error`)?.textContent;

describe('useContractForm', () => {
  it('refuses what the contract refuses, in its words, at each field, and focuses the first', async () => {
    const user = userEvent.setup();
    const sent: Passwords[] = [];
    render(<PasswordForm send={async (values) => void sent.push(values)} />);
    await user.type(screen.getByTestId('new'), '12345');
    await user.type(screen.getByTestId('confirm'), '54321');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(errorOf('current')).toBe('Password is required');
    expect(errorOf('new')).toBe('Password must be at least 6 characters');
    expect(errorOf('confirm')).toBe('New password and confirmation do not match');
    expect(document.activeElement).toBe(screen.getByTestId('current'));
    expect(sent).toEqual([]);
  });

  it('takes a message away as soon as its field is corrected, and sends what the contract accepts', async () => {
    const user = userEvent.setup();
    const sent: Passwords[] = [];
    let answer = () => {};
    render(
      <PasswordForm
        send={(values) => {
          sent.push(values);
          return new Promise<void>((done) => (answer = done));
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.type(screen.getByTestId('current'), 'old-pass');
    expect(errorOf('current')).toBeUndefined();
    expect(errorOf('new')).toBe('Password is required');

    await user.type(screen.getByTestId('new'), 'new-pass');
    await user.type(screen.getByTestId('confirm'), 'new-pass');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(sent).toEqual([
      { currentPassword: 'old-pass', newPassword: 'new-pass', confirmPassword: 'new-pass' },
    ]);
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    answer();
    await screen.findByRole('button', { name: 'Save' });
    await expect
      .poll(() => screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled'))
      .toBe(false);
  });

  it('with trim, checks and sends the values as they will be stored, not as typed', async () => {
    const user = userEvent.setup();
    const sent: Record<'website', string>[] = [];
    function WebsiteForm() {
      const { formRef, field, handleSubmit } = useContractForm(
        updateProfileRequest,
        { website: '' },
        { trim: true },
      );
      return (
        <form
          ref={formRef}
          onSubmit={handleSubmit(
            async (v) => void sent.push(v),
            () => {},
          )}
        >
          <TextField classPrefix="t" label="Website" {...field('website')} testId="website" />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<WebsiteForm />);
    await user.type(screen.getByTestId('website'), '  https://shop.test  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf('website')).toBeUndefined();
    expect(sent).toEqual([{ website: 'https://shop.test' }]);
  });

  it('puts in loaded values, checks the body they make, and shows an error inside a list at its place', async () => {
    const user = userEvent.setup();
    const schema = z.object({
      days: z.number({ error: 'Days must be a number' }),
      stops: z.array(z.object({ city: z.string().min(1, 'Name the city') })),
    });
    type Trip = { days: string; stops: { city: string }[] };
    const unloaded: Trip = { days: '', stops: [] };
    const sent: z.infer<typeof schema>[] = [];
    function TripForm() {
      const { values, errors, replace, set, formRef, handleSubmit } = useContractForm(
        schema,
        unloaded,
        { bodyOf: (trip: Trip) => ({ ...trip, days: trip.days ? Number(trip.days) : Number.NaN }) },
      );
      return (
        <form
          ref={formRef}
          onSubmit={handleSubmit(
            async (body) => void sent.push(body),
            () => {},
          )}
        >
          <button type="button" onClick={() => replace({ days: '2', stops: [{ city: '' }] })}>
            Load
          </button>
          <TextField
            classPrefix="t"
            label="Days"
            value={values.days}
            onChange={(days) => set('days', days)}
            error={errors.days}
            testId="days"
          />
          {values.stops.map((stop, index) => (
            <TextField
              key={index}
              classPrefix="t"
              label={`Stop ${index + 1}`}
              value={stop.city}
              onChange={(city) => set('stops', [{ city }])}
              error={errors[`stops.${index}.city`]}
              testId={`stop-${index}`}
            />
          ))}
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<TripForm />);
    await user.click(screen.getByRole('button', { name: 'Load' }));
    expect(screen.getByTestId<HTMLInputElement>('days').value).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf('days')).toBeUndefined();
    expect(errorOf('stop-0')).toBe('Name the city');
    expect(document.activeElement).toBe(screen.getByTestId('stop-0'));

    await user.type(screen.getByTestId('stop-0'), 'Leeds');
    expect(errorOf('stop-0')).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(sent).toEqual([{ days: 2, stops: [{ city: 'Leeds' }] }]);
  });

  it('with recheckAll, shows a problem a change makes once the form has been submitted', async () => {
    const user = userEvent.setup();
    function NameForm({ recheckAll }: { recheckAll: boolean }) {
      const { formRef, field, handleSubmit } = useContractForm(
        z.object({ name: z.string().min(1, 'Name is required').max(3, 'Name is too long') }),
        { name: '' },
        { recheckAll },
      );
      return (
        <form
          ref={formRef}
          onSubmit={handleSubmit(
            async () => {},
            () => {},
          )}
        >
          <TextField classPrefix="t" label="Name" {...field('name')} testId="name" />
          <button type="submit">Save</button>
        </form>
      );
    }
    for (const recheckAll of [true, false]) {
      render(<NameForm recheckAll={recheckAll} />);
      await user.type(screen.getByTestId('name'), 'Ann');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await user.type(screen.getByTestId('name'), 'e');
      expect(errorOf('name')).toBe(recheckAll ? 'Name is too long' : undefined);
      cleanup();
    }
  });
});
