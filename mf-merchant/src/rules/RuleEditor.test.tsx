// @vitest-environment jsdom
import { ruleConditionMessages } from '@onvelope/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyRuleForm } from '../shared/forms.js';
import { emptyConditionsForm } from './rule-conditions.js';
import { RuleEditor } from './RuleEditor.js';

/** The requests the editor sent: path and body. */
let sent: { path: string; body: unknown }[] = [];

// svc-orders stands behind the API client's fetch: it takes the rule (or previews it, matching
// nothing) and answers with it.
beforeEach(() => {
  sent = [];
  Element.prototype.scrollIntoView = () => {};
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    const path = new URL(url, 'http://x').pathname;
    sent.push({ path, body });
    if (path.endsWith('/preview')) return Response.json({ matchCount: 0, sample: [] });
    const at = '2026-11-28T10:00:00.000Z';
    return Response.json({ rule: { ...body, id: 'r1', createdAt: at, updatedAt: at } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function openEditor(saved: unknown[] = []) {
  render(
    <RuleEditor
      editing={null}
      initial={emptyRuleForm}
      initialConditions={emptyConditionsForm}
      vocabulary={[]}
      onSaved={(rule) => saved.push(rule)}
      onCancelEdit={() => {}}
    />,
  );
  return userEvent.setup();
}

const problem = () => screen.queryByTestId('rule-form-error')?.textContent;
const invalid = (testId: string) => screen.getByTestId(testId).getAttribute('aria-invalid');

describe('the rule editor', () => {
  it('shows the first problem only, and moves on as each is fixed', async () => {
    const user = openEditor();
    await user.click(screen.getByTestId('rule-save'));
    expect(problem()).toBe('Please enter a keyword');
    expect(invalid('rule-keyword')).toBe('true');

    await user.type(screen.getByTestId('rule-keyword'), 'gift');
    expect(problem()).toBe('Please enter a custom message');
    expect(invalid('rule-keyword')).toBeNull();
    expect(invalid('rule-message')).toBe('true');

    await user.selectOptions(screen.getByTestId('rule-action'), 'awaiting_stock');
    expect(problem()).toBeUndefined();
    await user.selectOptions(screen.getByTestId('rule-action'), 'add_message');
    expect(problem()).toBe('Please enter a custom message');
    expect(sent).toEqual([]);
  });

  it("names an incomplete condition in the contract's words, before saving or previewing", async () => {
    const user = openEditor();
    await user.type(screen.getByTestId('rule-message'), 'Free upgrade');
    await user.click(screen.getByTestId('rule-add-condition'));
    const row = within(screen.getByTestId('rule-condition'));
    await user.selectOptions(row.getByTestId('rule-condition-field'), 'total');
    await user.type(row.getByTestId('rule-condition-value'), 'lots');
    await user.click(screen.getByTestId('rule-preview'));
    expect(problem()).toBe(ruleConditionMessages.numberRequired);

    await user.clear(row.getByTestId('rule-condition-value'));
    await user.type(row.getByTestId('rule-condition-value'), '50');
    expect(problem()).toBeUndefined();
    expect(sent).toEqual([]);
  });

  it('creates the rule from what the contract accepts: trimmed, the total a number', async () => {
    const saved: unknown[] = [];
    const user = openEditor(saved);
    await user.type(screen.getByTestId('rule-message'), ' Free upgrade ');
    await user.click(screen.getByTestId('rule-add-condition'));
    const row = within(screen.getByTestId('rule-condition'));
    await user.selectOptions(row.getByTestId('rule-condition-field'), 'total');
    await user.selectOptions(row.getByTestId('rule-condition-operator'), 'gte');
    await user.type(row.getByTestId('rule-condition-value'), ' 50 ');
    await user.click(screen.getByTestId('rule-save'));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(sent).toEqual([
      {
        path: '/api/keyword-rules',
        body: {
          keyword: '',
          action: 'add_message',
          customMessage: 'Free upgrade',
          matchType: 'contains',
          caseSensitive: false,
          match: 'all',
          conditions: [{ field: 'total', operator: 'gte', value: 50 }],
        },
      },
    ]);
  });
});
