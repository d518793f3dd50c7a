import { Controller, Get, Param, Post, Put, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream';
import { uploadRequestSchema, type SessionUser, type UploadReply } from '@piste/contracts';
import { CurrentUser, Public } from '../common/decorators';
import { ParsedBody } from '../common/zod.pipe';
import { RateLimit } from '../limits/rate-limit.guard';
import { parseByteRange } from './byte-range';
import { ObjectsService, type UploadRequest } from './objects.service';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

@Controller()
export class ObjectsController {
  constructor(private readonly objects: ObjectsService) {}

  /** A single-use upload URL for one file; no body means an avatar (the spec's profile flow). */
  @Post('api/objects/upload')
  @RateLimit('upload-tickets')
  issueUpload(
    @CurrentUser() user: SessionUser,
    @ParsedBody(uploadRequestSchema) body: UploadRequest,
  ): Promise<UploadReply> {
    return this.objects.issueUpload(user, body);
  }

  /**
   * The upload URL itself: the raw file with its content type. Public because the unguessable, single-use,
   * expiring token in the path is the permission (as a presigned storage URL would be).
   */
  @Public()
  @Put('api/objects/upload/:token')
  async receiveUpload(
    @Param('token') token: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ objectPath: string }> {
    const length = request.headers['content-length'];
    try {
      return await this.objects.receiveUpload(token, {
        contentType: request.headers['content-type'],
        contentLength: length !== undefined && /^\d+$/.test(length) ? Number(length) : undefined,
        body: request,
      });
    } catch (err) {
      // A refused upload may still be streaming in: end this connection after the reply.
      if (!request.readableEnded) response.setHeader('Connection', 'close');
      throw err;
    }
  }

  /**
   * Serves a stored object to signed-in users: its stored type, never sniffed, cached for a year (keys are
   * random and never reused), with single byte ranges so videos can seek. The same on every storage driver.
   */
  @Get('objects/*key')
  async serve(@Req() request: Request, @Res() response: Response): Promise<void> {
    const key = request.path.slice('/objects/'.length);
    const object = await this.objects.find(key);
    if (!object) {
      response.status(404).json({ message: 'File not found' });
      return;
    }
    const etag = `"${key.replace('/', '-')}"`;
    response.setHeader('Accept-Ranges', 'bytes');
    if (request.headers['if-none-match'] === etag) {
      setObjectHeaders(response, object.contentType, etag);
      response.status(304).end();
      return;
    }

    const range = parseByteRange(request.headers.range, object.size);
    if (range === 'unsatisfiable') {
      response.setHeader('Content-Range', `bytes */${object.size}`);
      response.status(416).json({ message: 'Range not satisfiable' });
      return;
    }
    // Opened before the object's headers are set: if the storage fails, the error reply is not cacheable.
    const body = request.method === 'HEAD' ? null : await this.objects.read(key, range);
    setObjectHeaders(response, object.contentType, etag);
    if (range) {
      response.status(206);
      response.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`);
      response.setHeader('Content-Length', String(range.end - range.start + 1));
    } else {
      response.status(200);
      response.setHeader('Content-Length', String(object.size));
    }
    if (!body) {
      response.end();
      return;
    }
    // On failure, or when the viewer goes away, pipeline destroys both ends: no storage connection stays open.
    pipeline(body, response, () => undefined);
  }
}

function setObjectHeaders(response: Response, contentType: string, etag: string): void {
  response.setHeader('Content-Type', contentType);
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  response.setHeader('Content-Disposition', 'inline');
  response.setHeader('Cache-Control', `private, max-age=${ONE_YEAR_SECONDS}, immutable`);
  response.setHeader('ETag', etag);
}
