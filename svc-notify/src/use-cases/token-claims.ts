import type { Model, QueryFilter, Types, UpdateQuery } from 'mongoose';

/** A queued document a worker claims under a token of its claim (`leaseOwner`). */
interface Claimable {
  _id: Types.ObjectId;
  leaseOwner?: string | null;
}

/**
 * Takes the documents `ids` (picked by a read of the due ones) that `due` still matches, under the
 * claim `token`, with `lease` set beside it: one update, then one read by the token, the first key
 * of an index (the test server, mongo-java-server, serves an index only on its first key). Answers
 * them in the order of `ids`; one another worker took meanwhile is not among them.
 */
export async function takeUnderToken<D extends Claimable>(
  model: Model<D>,
  due: QueryFilter<D>,
  ids: readonly Types.ObjectId[],
  token: string,
  lease: Record<string, unknown>,
): Promise<D[]> {
  await model.updateMany(
    { ...due, _id: { $in: ids } } as QueryFilter<D>,
    {
      $set: { ...lease, leaseOwner: token },
    } as UpdateQuery<D>,
  );
  const taken = new Map(
    (await model.find({ leaseOwner: token } as QueryFilter<D>).lean<D[]>()).map((doc) => [
      doc._id.toString(),
      doc,
    ]),
  );
  return ids.flatMap((id) => taken.get(id.toString()) ?? []);
}

/**
 * The filter a claimed document is settled or given back by: it, only while the claim that took it
 * holds it (its lease ran out and another took it, or a replay reset it: then nothing changes).
 */
export const heldByClaim = (doc: Pick<Claimable, '_id' | 'leaseOwner'>) => ({
  leaseOwner: doc.leaseOwner,
  _id: doc._id,
});
