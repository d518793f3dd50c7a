import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ratingLabel, type RecordSettings, type SessionUser } from '@piste/contracts';

/**
 * A fencer's ratings and who sees their record. The first rating's label is kept beside them for the lists that
 * show it next to the name, only while everyone may see the record.
 */
@Injectable()
export class RecordSettingsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async get(viewer: SessionUser): Promise<RecordSettings> {
    const [row] = await this.dataSource.query<RecordSettings[]>(
      `SELECT "ratings", "recordVisibility" FROM users WHERE "id" = $1`,
      [viewer.id],
    );
    return row;
  }

  async set(viewer: SessionUser, settings: RecordSettings): Promise<RecordSettings> {
    const [first] = settings.ratings;
    const label = first && settings.recordVisibility === 'everyone' ? ratingLabel(first) : null;
    await this.dataSource.query(
      `UPDATE users SET "ratings" = $2::jsonb, "recordVisibility" = $3, "ratingLabel" = $4 WHERE "id" = $1`,
      [viewer.id, JSON.stringify(settings.ratings), settings.recordVisibility, label],
    );
    return this.get(viewer);
  }
}
