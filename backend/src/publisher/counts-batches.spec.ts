import { randomUUID } from 'node:crypto';
import { CountsBatches, type PostCountsEvent } from './counts-batches';

function counts(postId: string, likesCount: number): PostCountsEvent {
  return { postId, likesCount, dislikesCount: 0, commentsCount: 0, savesCount: 0, weapon: 'epee' };
}

/** A replica's rooms of batched sockets, what each socket was sent, and to which sockets each frame went. */
function replica(rooms: Record<string, string[]>) {
  const sent: Record<string, PostCountsEvent[][]> = {};
  const frames: string[][] = [];
  const sockets = {
    inRoom: (room: string) => rooms[room] ?? [],
    send: (socketIds: string[], batch: PostCountsEvent[]) => {
      frames.push(socketIds);
      for (const id of socketIds) (sent[id] ??= []).push(batch);
    },
  };
  return { sockets, sent, frames };
}

describe('CountsBatches', () => {
  const [first, second] = [randomUUID(), randomUUID()];

  it('sends each socket one batch with the last counts of every post it shows', () => {
    const { sockets, sent } = replica({ a: ['s1', 's2'], b: ['s2'] });
    const batches = new CountsBatches(60_000, sockets);
    batches.add({ counts: counts(first, 1), rooms: ['a'], except: [] });
    batches.add({ counts: counts(second, 5), rooms: ['b'], except: [] });
    batches.add({ counts: counts(first, 2), rooms: ['a'], except: [] });
    expect(sent).toEqual({});

    batches.flush();
    expect(sent).toEqual({ s1: [[counts(first, 2)]], s2: [[counts(first, 2), counts(second, 5)]] });
    batches.flush();
    expect(sent.s2).toHaveLength(1);
  });

  it('encodes one frame for the sockets that show the same posts', () => {
    const { sockets, sent, frames } = replica({ a: ['s1', 's2', 's3'], b: ['s2', 's3', 's4'] });
    const batches = new CountsBatches(60_000, sockets);
    batches.add({ counts: counts(first, 1), rooms: ['a'], except: [] });
    batches.add({ counts: counts(second, 2), rooms: ['b'], except: [] });
    batches.flush();
    expect(frames).toEqual([['s1'], ['s2', 's3'], ['s4']]);
    expect(sent).toEqual({
      s1: [[counts(first, 1)]],
      s2: [[counts(first, 1), counts(second, 2)]],
      s3: [[counts(first, 1), counts(second, 2)]],
      s4: [[counts(second, 2)]],
    });
  });

  it('leaves out the sockets in an excepted room, and sends a socket in several rooms a post once', () => {
    const { sockets, sent } = replica({ post: ['s1', 's2'], mine: ['s1'], blocked: ['s2'] });
    const batches = new CountsBatches(60_000, sockets);
    batches.add({ counts: counts(first, 3), rooms: ['post', 'mine'], except: ['blocked'] });
    batches.flush();
    expect(sent).toEqual({ s1: [[counts(first, 3)]] });
  });

  it('reads the rooms when the batch goes, not when the counts came', () => {
    const rooms: Record<string, string[]> = { post: ['s1'] };
    const { sockets, sent } = replica(rooms);
    const batches = new CountsBatches(60_000, sockets);
    batches.add({ counts: counts(first, 1), rooms: ['post'], except: ['user:blocked'] });
    rooms['user:blocked'] = ['s1'];
    rooms.post.push('s2');
    batches.flush();
    expect(sent).toEqual({ s2: [[counts(first, 1)]] });
  });

  it('goes by itself once the interval has passed, and not after clear', async () => {
    const { sockets, sent } = replica({ post: ['s1'] });
    const batches = new CountsBatches(20, sockets);
    batches.add({ counts: counts(first, 1), rooms: ['post'], except: [] });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(sent).toEqual({ s1: [[counts(first, 1)]] });

    batches.add({ counts: counts(first, 2), rooms: ['post'], except: [] });
    batches.clear();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(sent.s1).toHaveLength(1);
  });

  it('sends a few sockets a turn, and counts that come meanwhile after the whole batch', async () => {
    const ids = ['s1', 's2', 's3', 's4', 's5'];
    const { sockets, sent, frames } = replica({ post: ids });
    const batches = new CountsBatches(20, sockets, 2);
    batches.add({ counts: counts(first, 1), rooms: ['post'], except: [] });
    batches.flush();
    expect(Object.keys(sent)).toEqual(['s1', 's2']);
    expect(frames).toEqual([['s1', 's2']]);

    batches.add({ counts: counts(first, 2), rooms: ['post'], except: [] });
    batches.flush();
    await new Promise((resolve) => setImmediate(resolve));
    expect(Object.keys(sent)).toEqual(['s1', 's2', 's3', 's4']);
    await new Promise((resolve) => setTimeout(resolve, 60));
    for (const id of ids) expect(sent[id]).toEqual([[counts(first, 1)], [counts(first, 2)]]);
  });

  it('sends nothing more of a batch after clear', async () => {
    const { sockets, sent } = replica({ post: ['s1', 's2', 's3'] });
    const batches = new CountsBatches(20, sockets, 1);
    batches.add({ counts: counts(first, 1), rooms: ['post'], except: [] });
    batches.flush();
    batches.clear();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(sent).toEqual({ s1: [[counts(first, 1)]] });
  });
});
