import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { foldAccents, type MutedUsers, type MutedWord } from '@piste/contracts';
import { FENCER_COLUMNS, toFencer, type FencerRow } from '../users/users.mapper';
import { connectionError, ConnectionErrorCode } from './connections.errors';
import { userError, UserErrorCode } from '../users/users.errors';

/**
 * Muting (§4c): a fencer's posts and notifications, or posts with a word, leave the viewer's screens
 * (mutes/mute-visibility.ts is how the lists and notifications apply it, as blocks/ is for blocks). The muted side is told nothing and can still message.
 */
@Injectable()
export class MutesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Mutes a fencer; muting twice is fine. */
  async mute(viewerId: string, userId: string): Promise<void> {
    if (userId === viewerId) throw connectionError(ConnectionErrorCode.MuteSelf);
    const [user] = await this.dataSource.query<unknown[]>(`SELECT 1 FROM users WHERE id = $1`, [userId]);
    if (!user) throw userError(UserErrorCode.NotFound);
    await this.dataSource.query(
      `INSERT INTO muted_users ("userId", "mutedId") VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [viewerId, userId],
    );
  }

  async unmute(viewerId: string, userId: string): Promise<void> {
    const [, removed] = await this.dataSource.query<[unknown[], number]>(
      `DELETE FROM muted_users WHERE "userId" = $1 AND "mutedId" = $2`,
      [viewerId, userId],
    );
    if (!removed) throw connectionError(ConnectionErrorCode.NotMuted);
  }

  /** The fencers the viewer muted, most recent first. */
  async mutedUsers(viewerId: string): Promise<MutedUsers> {
    const rows = await this.dataSource.query<FencerRow[]>(
      `SELECT ${FENCER_COLUMNS} FROM muted_users m JOIN users u ON u.id = m."mutedId"
        WHERE m."userId" = $1 ORDER BY m."createdAt" DESC, m.id DESC`,
      [viewerId],
    );
    return rows.map(toFencer);
  }

  /** The viewer's muted words still in force, oldest first. */
  async mutedWords(viewerId: string): Promise<MutedWord[]> {
    const rows = await this.dataSource.query<Array<{ word: string; expiresAt: Date | null }>>(
      `SELECT "word", "expiresAt" FROM muted_words
        WHERE "userId" = $1 AND ("expiresAt" IS NULL OR "expiresAt" > now())
        ORDER BY "createdAt", "position", id`,
      [viewerId],
    );
    return rows.map((row) => ({
      word: row.word,
      expiresAt: row.expiresAt ? new Date(row.expiresAt).toISOString() : null,
    }));
  }

  /**
   * Replaces the viewer's muted words. Each keeps the tsquery of its words, folded as search folds them, so a
   * phrase matches those words in that order. The same word twice (case and accents aside) is kept once.
   */
  async setMutedWords(viewerId: string, words: MutedWord[]): Promise<MutedWord[]> {
    const now = Date.now();
    if (words.some((w) => w.expiresAt && Date.parse(w.expiresAt) <= now)) {
      throw connectionError(ConnectionErrorCode.MuteExpiryPast);
    }
    const unique = new Map(words.map((w) => [foldAccents(w.word), w]));
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`DELETE FROM muted_words WHERE "userId" = $1`, [viewerId]);
      let position = 0;
      for (const { word, expiresAt } of unique.values()) {
        // The list keeps the order it was sent in: its rows share the transaction's now().
        await manager.query(
          `INSERT INTO muted_words ("userId", "word", "query", "expiresAt", "position")
           VALUES ($1, $2::text, phraseto_tsquery('simple', fold_accents($2::text)), $3, $4)`,
          [viewerId, word, expiresAt, position++],
        );
      }
    });
    return this.mutedWords(viewerId);
  }
}
