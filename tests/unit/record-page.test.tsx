// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import {
  AdminContext,
  HttpError,
  ResourceContextProvider,
  SimpleForm,
  TextInput,
  type DataProvider,
} from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangedMeanwhile } from '../../src/admin/components/ChangedMeanwhile';
import { RecordEdit } from '../../src/admin/components/RecordPage';
import { retryLoad } from '../../src/lib/api-errors';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const DOWN = 'The server cannot be reached; we will retry.';

/** One product behind a server that may be down. */
function server() {
  const state = { up: true, record: { id: 1, title: 'Lamp', updatedAt: '2026-01-01T00:00:00.000Z' } };
  const dataProvider = {
    getOne: vi.fn(async () => {
      if (!state.up) throw new HttpError(DOWN, 0, { code: 'network' });
      return { data: state.record };
    }),
  } as unknown as DataProvider;
  return { state, dataProvider };
}

async function renderEdit(dataProvider: DataProvider) {
  // The admin's retry, at once rather than 1 s and 2 s apart; the page's re-asking is the test's refetch below.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: retryLoad, retryDelay: 0 } } });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <AdminContext dataProvider={dataProvider} queryClient={queryClient}>
        <ResourceContextProvider value="products">
          <RecordEdit id={1} mutationMode="pessimistic">
            <SimpleForm>
              <ChangedMeanwhile />
              <TextInput source="title" />
            </SimpleForm>
          </RecordEdit>
        </ResourceContextProvider>
      </AdminContext>,
    ),
  );
  const refetch = () => act(() => queryClient.refetchQueries());
  return { container, refetch };
}

const settled = (check: () => void) => vi.waitFor(check, { timeout: 3_000 });

/** Types as a person does: React sees the input event. */
function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

// react-admin logs each failed call, and react-query's background updates land outside act(): expected here.
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('RecordEdit without the server', () => {
  it('says so in place of the record, stays, and shows the form once the server answers', async () => {
    const { state, dataProvider } = server();
    state.up = false;
    const { container, refetch } = await renderEdit(dataProvider);
    await settled(() => expect(container.textContent).toContain(DOWN));
    expect(container.querySelector('input')).toBeNull();
    expect(container.textContent).not.toContain('item_doesnt_exist');
    state.up = true;
    await refetch();
    await settled(() => expect(container.querySelector('input')?.value).toBe('Lamp'));
    expect(container.textContent).not.toContain(DOWN);
  });

  it('keeps what was typed when a reload fails and when the server answers again', async () => {
    const { state, dataProvider } = server();
    const { container, refetch } = await renderEdit(dataProvider);
    await settled(() => expect(container.querySelector('input')?.value).toBe('Lamp'));
    const input = container.querySelector('input')!;
    type(input, 'Typed lamp');
    state.up = false;
    await refetch();
    await settled(() => expect(container.textContent).toContain(DOWN));
    expect(container.querySelector('input')).toBe(input);
    expect(input.value).toBe('Typed lamp');
    state.up = true;
    await refetch();
    await settled(() => expect(container.textContent).not.toContain(DOWN));
    expect(container.querySelector('input')).toBe(input);
    expect(input.value).toBe('Typed lamp');
  });
});

describe('RecordEdit when someone else changes the record meanwhile', () => {
  const CHANGED = 'app.edit.changed_meanwhile';
  const theirs = { id: 1, title: 'Their lamp', updatedAt: '2026-01-01T00:00:05.000Z' };

  it('takes the new version at once while nothing is typed', async () => {
    const { state, dataProvider } = server();
    const { container, refetch } = await renderEdit(dataProvider);
    await settled(() => expect(container.querySelector('input')?.value).toBe('Lamp'));
    state.record = theirs;
    await refetch();
    await settled(() => expect(container.querySelector('input')?.value).toBe('Their lamp'));
    expect(container.textContent).not.toContain(CHANGED);
  });

  it('keeps what was typed and warns; Reload latest drops it for their version', async () => {
    const { state, dataProvider } = server();
    const { container, refetch } = await renderEdit(dataProvider);
    await settled(() => expect(container.querySelector('input')?.value).toBe('Lamp'));
    type(container.querySelector('input')!, 'Typed lamp');
    state.record = theirs;
    await refetch();
    await settled(() => expect(container.textContent).toContain(CHANGED));
    expect(container.querySelector('input')?.value).toBe('Typed lamp');
    const reload = [...container.querySelectorAll('button')].find((b) => b.textContent === 'app.edit.reload_latest')!;
    act(() => reload.click());
    await settled(() => expect(container.querySelector('input')?.value).toBe('Their lamp'));
    expect(container.textContent).not.toContain(CHANGED);
  });
});
