import type { ImageSize } from './display-image';
import type { UploadTicketEntity } from './upload-ticket.entity';

/** A stored post image as posts show it: its size, and its display version when it has one. */
export interface UploadedImage extends ImageSize {
  display: (ImageSize & { path: string }) | null;
}

type ImageColumns = Pick<
  UploadTicketEntity,
  'width' | 'height' | 'displayPath' | 'displayWidth' | 'displayHeight'
>;

/** How a ticket records its image (all null for videos, avatars and files stored before images were sized). */
export function imageColumns(image: UploadedImage | null): ImageColumns {
  return {
    width: image?.width ?? null,
    height: image?.height ?? null,
    displayPath: image?.display?.path ?? null,
    displayWidth: image?.display?.width ?? null,
    displayHeight: image?.display?.height ?? null,
  };
}

export function imageOfTicket(ticket: ImageColumns): UploadedImage | null {
  if (ticket.width === null || ticket.height === null) return null;
  const { displayPath, displayWidth, displayHeight } = ticket;
  return {
    width: ticket.width,
    height: ticket.height,
    display:
      displayPath !== null && displayWidth !== null && displayHeight !== null
        ? { path: displayPath, width: displayWidth, height: displayHeight }
        : null,
  };
}
