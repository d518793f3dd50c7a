import { uploadReplySchema, type UploadPurpose, type UploadReply } from '@piste/contracts';
import { api, ApiError, errorTextOf } from './client';

/** Why an upload failed, in the spec's words: no upload URL, or the file transfer itself. */
export class UploadError extends Error {
  override readonly name = 'UploadError';

  constructor(
    readonly stage: 'url' | 'transfer',
    readonly detail: string,
  ) {
    super(stage === 'url' ? 'Failed to get upload URL' : 'Failed to upload file');
  }
}

/** POST /api/objects/upload: a single-use URL for one file. */
export function requestUploadUrl(file: File, purpose: UploadPurpose): Promise<UploadReply> {
  return api.post(
    '/api/objects/upload',
    { filename: file.name, contentType: file.type, size: file.size, purpose },
    uploadReplySchema,
  );
}

/**
 * PUTs the raw file to its upload URL. XMLHttpRequest rather than fetch, because only it reports upload
 * progress; `onProgress` gets a fraction between 0 and 1.
 */
export function putFile(
  uploadUrl: string,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', uploadUrl);
    request.withCredentials = true;
    request.setRequestHeader('Content-Type', file.type);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        resolve();
      } else {
        reject(new ApiError(errorTextOf(request.responseText, request.statusText), request.status));
      }
    };
    request.onerror = () => reject(new ApiError('Network error: the server could not be reached', 0));
    request.onabort = () => reject(new ApiError('The upload was cancelled', 0));
    request.send(file);
  });
}

/** Gets an upload URL and sends the file; resolves with the stored path (a post's mediaUrl or an avatar). */
export async function uploadFile(
  file: File,
  purpose: UploadPurpose,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  let ticket: UploadReply;
  try {
    ticket = await requestUploadUrl(file, purpose);
  } catch (error) {
    throw new UploadError('url', error instanceof Error ? error.message : String(error));
  }
  try {
    await putFile(ticket.uploadUrl, file, onProgress);
  } catch (error) {
    throw new UploadError('transfer', error instanceof Error ? error.message : String(error));
  }
  return ticket.objectPath;
}
