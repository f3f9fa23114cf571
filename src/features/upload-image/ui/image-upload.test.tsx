import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadedImage } from '@contracts/uploads';
import { ImageUpload } from './image-upload';

const fetchMock = vi.fn<typeof fetch>();
const changes: Array<[string | null, UploadedImage | undefined]> = [];

beforeEach(() => {
  window.localStorage.setItem('authToken', 'session-token-1');
  vi.stubGlobal('fetch', fetchMock);
  changes.length = 0;
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

/** The control inside a form that keeps its value, as a page does. */
function Harness({ initial, error }: { initial: string | null; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <ImageUpload
      label="Logo"
      alt="Acme Plumbing’s logo"
      value={value}
      error={error}
      onChange={(id, image) => {
        changes.push([id, image]);
        setValue(id);
      }}
    />
  );
}

function renderControl(initial: string | null, error?: string) {
  render(
    <MantineProvider env="test">
      <Harness initial={initial} {...(error ? { error } : {})} />
    </MantineProvider>,
  );
  const group = screen.getByRole('group', { name: 'Logo' });
  return { group, input: group.querySelector('input[type=file]') as HTMLInputElement };
}

const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const png = (name = 'logo.png', size = 16) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const LOGO_ID = '5f0c2a8e-1111-4222-8333-444455556666';
const NEW_ID = '7a1b2c3d-1111-4222-8333-444455556666';

describe('ImageUpload', () => {
  it('shows the current image by its file id, with Replace and Remove', () => {
    const { group } = renderControl(LOGO_ID);
    expect(within(group).getByRole('img', { name: 'Acme Plumbing’s logo' })).toHaveAttribute('src', `/files/${LOGO_ID}`);
    expect(within(group).getByRole('button', { name: 'Replace' })).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(group).toHaveTextContent('PNG, JPEG, WebP or GIF, up to 5 MB.');
  });

  it('uploads a chosen file with the session, says it is uploading, then shows the new image', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { group, input } = renderControl(null);
    expect(group).toHaveTextContent('No image yet.');
    expect(within(group).queryByRole('button', { name: 'Remove' })).toBeNull();
    await userEvent.upload(input, png());

    expect(await within(group).findByRole('status')).toHaveTextContent('Uploading the image…');
    expect(group).toHaveAttribute('aria-busy', 'true');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/uploads/images');
    expect(init).toMatchObject({ method: 'POST', headers: { Authorization: 'Bearer session-token-1', 'Content-Type': 'image/png' } });
    expect(init?.body).toBeInstanceOf(File);

    const uploaded = { id: NEW_ID, url: `http://localhost:3000/files/${NEW_ID}`, width: 640, height: 320 };
    answer(json(uploaded, 201));
    expect(await within(group).findByRole('img', { name: 'Acme Plumbing’s logo' })).toHaveAttribute('src', `/files/${NEW_ID}`);
    expect(within(group).queryByRole('status')).toBeNull();
    expect(changes).toEqual([[NEW_ID, uploaded]]);
  });

  it('says the server’s refusal in its words and keeps the current image', async () => {
    const refusal = 'SVG images are not accepted (they can carry scripts): upload a PNG, JPEG, WebP or GIF instead.';
    fetchMock.mockResolvedValue(json({ error: refusal, field: 'file' }, 400));
    const { group, input } = renderControl(LOGO_ID);
    await userEvent.upload(input, png('drawing.png'));
    expect(await within(group).findByRole('alert')).toHaveTextContent(refusal);
    expect(within(group).getByRole('img')).toHaveAttribute('src', `/files/${LOGO_ID}`);
    expect(changes).toEqual([]);
  });

  it('refuses a file over 5 MB before sending it', async () => {
    const { group, input } = renderControl(null);
    await userEvent.upload(input, png('huge.png', 5 * 1024 * 1024 + 1));
    expect(await within(group).findByRole('alert')).toHaveTextContent('The image is too large: upload a file of at most 5 MB.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says when the upload did not reach the server, and when the session has ended', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { group, input } = renderControl(null);
    await userEvent.upload(input, png());
    expect(await within(group).findByRole('alert')).toHaveTextContent('The image did not reach LeadLoop. Check your connection and try again.');
    fetchMock.mockResolvedValueOnce(json({ error: 'Your session has ended. Please sign in again.' }, 401));
    await userEvent.upload(input, png('again.png'));
    await waitFor(() => expect(within(group).getByRole('alert')).toHaveTextContent('Your session has ended. Please sign in again.'));
  });

  it('removes the image from the form (no request) and shows the form’s own error', async () => {
    const { group } = renderControl(LOGO_ID, 'Image not found');
    expect(within(group).getByRole('alert')).toHaveTextContent('Image not found');
    await userEvent.click(within(group).getByRole('button', { name: 'Remove' }));
    expect(changes).toEqual([[null, undefined]]);
    expect(within(group).queryByRole('img')).toBeNull();
    expect(within(group).getByRole('button', { name: 'Choose an image' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
