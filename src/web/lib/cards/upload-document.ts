import { LANGUAGE_HEADER } from '#shared/limits.ts';
import type { TDocument, TUploadDocumentsResponse } from '#shared/schemas/cards.ts';
import { currentLanguage } from '#web/i18n/index.ts';
import { apiErrorFromText } from '../api.ts';

export interface UploadHandle {
  promise: Promise<TDocument>;
  abort: () => void;
}

/**
 * Sends one document to POST /api/documents with XMLHttpRequest, which (unlike fetch) reports
 * the bytes sent. The card id goes first so the server knows the card before the file streams.
 */
export function uploadDocument(
  businessCardId: number,
  file: File,
  onProgress: (loaded: number, total: number) => void,
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<TDocument>((resolve, reject) => {
    const form = new FormData();
    form.append('businessCardId', String(businessCardId));
    form.append('documents', file, file.name);

    xhr.open('POST', '/api/documents');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(LANGUAGE_HEADER, currentLanguage());
    xhr.upload.onprogress = (event) => {
      onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const body = JSON.parse(xhr.responseText) as TUploadDocumentsResponse;
          const [document] = body.documents;
          if (document) resolve(document);
          else reject(apiErrorFromText(xhr.status, xhr.statusText, ''));
        } catch {
          reject(apiErrorFromText(xhr.status, xhr.statusText, ''));
        }
      } else {
        reject(apiErrorFromText(xhr.status, xhr.statusText, xhr.responseText));
      }
    };
    xhr.onerror = () => reject(apiErrorFromText(0, '', ''));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
