import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Full-text search over posts, and accent-blind fencer search.
 *
 * Words are folded (lower case, accents off) by fold_accents() in both the index and the query, so 'epee' finds
 * 'Épée' and the reverse. Not the unaccent extension: a generated column and an index need an IMMUTABLE
 * expression (unaccent() is only STABLE), and this needs no extension on PostgreSQL or on the embedded PGlite.
 * Not translate() over every accented letter either: that is linear in the list's length per character
 * (measured: 18 ms for a 5,000-character post, against 3 ms with normalize() and nothing for plain ASCII).
 * It is PL/pgSQL with a declared cost so the planner neither inlines it nor thinks it free, and searches fencers
 * through the trigram index on fold_accents("name") instead of folding every name.
 *
 * posts."searchVector" holds a post's words with the 'simple' configuration (fencing talk mixes languages, so no
 * stemming or stop words): content weighted A, drill or achievement details B, so a word in the text ranks a post
 * above one that only mentions it in its details. A GIN index serves `@@`.
 *
 * post_search_query() turns what someone typed into a tsquery: every word the index would have made of it, all
 * required, and from three letters on as a prefix ('dri' finds 'drill'; one or two letters must be the whole
 * word, or a single keystroke would match and rank most posts). Operators and quotes in the text are never
 * syntax: the words come out of to_tsvector() and are quoted again before to_tsquery() reads them.
 */
export class PostSearch1763800000600 implements MigrationInterface {
  name = 'PostSearch1763800000600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION fold_accents(value text) RETURNS text
        LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 100
        AS $$
        BEGIN
          -- Plain ASCII has nothing to fold, and most text is: it costs no more than lower().
          IF octet_length(value) = length(value) THEN
            RETURN lower(value);
          END IF;
          -- Decomposed, an accented letter is its base letter and combining marks (U+0300-U+036F), which go.
          -- Letters that do not decompose, and ligatures, are mapped by hand.
          RETURN replace(replace(replace(replace(replace(
                   lower(translate(regexp_replace(normalize(value, NFD), '[\\u0300-\\u036f]', '', 'g'),
                                   'øØłŁđĐħĦı', 'oollddhhi')),
                   'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'ß', 'ss');
        END
        $$
    `);
    await q.query(`
      CREATE FUNCTION post_details_text(details jsonb) RETURNS text
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$
          SELECT CASE WHEN jsonb_typeof(details) = 'object'
            THEN (SELECT string_agg(field.value, ' ') FROM jsonb_each_text(details) AS field) END
        $$
    `);
    await q.query(`
      CREATE FUNCTION post_search_query(typed text) RETURNS tsquery
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$
          SELECT to_tsquery('simple', string_agg(
                   '''' || replace(replace(word.lexeme, '\\', '\\\\'), '''', '''''') || ''''
                   || CASE WHEN length(word.lexeme) >= 3 THEN ':*' ELSE '' END, ' & '))
            FROM unnest(to_tsvector('simple', fold_accents(typed))) AS word
        $$
    `);
    await q.query(`
      ALTER TABLE posts ADD COLUMN "searchVector" tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', fold_accents("content")), 'A') ||
        setweight(to_tsvector('simple', coalesce(fold_accents(post_details_text("drillDetails")), '') || ' ' ||
                                        coalesce(fold_accents(post_details_text("achievementDetails")), '')), 'B')
      ) STORED
    `);
    await q.query(`CREATE INDEX posts_search_idx ON posts USING gin ("searchVector")`);
    // Fencer search matches names accent-blind (lower("username") has its trigram index since the first schema).
    await q.query(
      `CREATE INDEX users_name_folded_trgm ON users USING gin (fold_accents("name") public.gin_trgm_ops)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS users_name_folded_trgm`);
    await q.query(`DROP INDEX IF EXISTS posts_search_idx`);
    await q.query(`ALTER TABLE posts DROP COLUMN IF EXISTS "searchVector"`);
    await q.query(`DROP FUNCTION IF EXISTS post_search_query(text)`);
    await q.query(`DROP FUNCTION IF EXISTS post_details_text(jsonb)`);
    await q.query(`DROP FUNCTION IF EXISTS fold_accents(text)`);
  }
}
