/**
 * The operator's export records as the navbar sees them: how many finished exports are still
 * unseen (the badge), and how a finished file is fetched, in the configured download way
 * (config scf.file-system.file.download.type: FORM by default, or BLOB).
 */
import { useSyncExternalStore } from 'react';
import { CONFIG_KEY, EXPORT_STATUS } from '../lib/codes';
import { exportRecordResource } from '../resources/system';
import { api } from './http';

export { EXPORT_STATUS };

const BASE = exportRecordResource.apiBase;

let unseen = 0;
const listeners = new Set<() => void>();

function setUnseen(count: number): void {
  unseen = count;
  listeners.forEach((notify) => notify());
}

export const exportBadge = {
  /** Asks the server for the number of records not seen yet; `background` when the badge's timer asks (not activity for the idle timeout). */
  async refresh({ background = false }: { background?: boolean } = {}): Promise<void> {
    try {
      setUnseen(await api.post<number>(`${BASE}/count-new`, {}, { silent: true, keepOnNavigate: true, background }));
    } catch {
      // The badge is a hint: without an answer it keeps what it showed.
    }
  },
  /** The operator opened the list: everything in it has been seen. */
  async markSeen(): Promise<void> {
    await api.post<number>(`${BASE}/mark-read`, {}, { silent: true, keepOnNavigate: true });
    setUnseen(0);
  },
};

export function useUnseenExports(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => unseen,
    () => unseen,
  );
}

export const DOWNLOAD_WAYS = { form: 'FORM', blob: 'BLOB' } as const;

async function downloadWay(): Promise<string> {
  try {
    const value = await api.post<string | null>('/op/v1/sys/configs/find-value-by-config-key', { configKey: CONFIG_KEY.downloadType }, { silent: true });
    return (value ?? '').trim().toUpperCase() || DOWNLOAD_WAYS.form;
  } catch {
    return DOWNLOAD_WAYS.form;
  }
}

/** FORM: a one-time ticket URL submitted as a plain form, so the browser itself saves the file. */
function submitForm(url: string): void {
  const form = document.createElement('form');
  form.method = 'GET';
  form.action = url;
  form.style.display = 'none';
  document.body.appendChild(form);
  form.submit();
  form.remove();
}

/** BLOB: the signed call answers the file itself, saved through an object URL. */
function saveBlob(data: Blob, fileName: string): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export async function downloadExport(record: { id: string; fileName: string }): Promise<void> {
  const way = await downloadWay();
  if (way === DOWNLOAD_WAYS.blob) {
    saveBlob(await api.blob(`${BASE}/export`, { id: record.id }), record.fileName);
    return;
  }
  const { url } = await api.post<{ url: string }>(`${BASE}/export`, { id: record.id, ticket: true });
  submitForm(url);
}
