import type { AnyKeys, QueryFilter, Model, UpdateQuery } from 'mongoose';

/** What a scoped update may ask beyond its filter: an upsert is stamped with the account too. */
export interface ScopedUpdateOptions {
  upsert?: boolean;
}

/** Every merchant-owned document carries the account it belongs to. */
export interface AccountOwned {
  accountId: string;
}

/**
 * A repository view of a model limited to one account: every filter gets `accountId` added and
 * every created document gets it set, so a query can never reach another seller's records.
 *
 * @example
 * const rules = forAccount(KeywordRuleModel, callerOf(ctx).accountId);
 * await rules.find({ keyword: 'gift' });
 */
export function forAccount<T extends AccountOwned>(model: Model<T>, accountId: string) {
  if (!accountId) throw new Error('forAccount needs an accountId');
  // The account comes first in every filter (key order is what the query planner of the test
  // server reads: a seller's query then costs their own orders, not the whole collection's) and is
  // set last, so no filter can name another account.
  const scope = (filter: QueryFilter<T> = {}): QueryFilter<T> =>
    Object.assign({ accountId }, filter, { accountId }) as QueryFilter<T>;
  return {
    accountId,
    scope,
    find: (filter?: QueryFilter<T>) => model.find(scope(filter)),
    findOne: (filter?: QueryFilter<T>) => model.findOne(scope(filter)),
    findById: (id: string) => model.findOne(scope({ _id: id } as QueryFilter<T>)),
    countDocuments: (filter?: QueryFilter<T>) => model.countDocuments(scope(filter)),
    exists: (filter?: QueryFilter<T>) => model.exists(scope(filter)),
    // `new` then `save` is what `create` does; mongoose 9 types `create` by the document, which a
    // generic T with its account added cannot be shown to fit.
    create: (doc: Omit<AnyKeys<T>, 'accountId'>) => new model({ ...doc, accountId }).save(),
    updateOne: (filter: QueryFilter<T>, update: UpdateQuery<T>, options?: ScopedUpdateOptions) =>
      model.updateOne(scope(filter), update, { ...options, runValidators: true }),
    updateMany: (filter: QueryFilter<T>, update: UpdateQuery<T>) =>
      model.updateMany(scope(filter), update, { runValidators: true }),
    findOneAndUpdate: (filter: QueryFilter<T>, update: UpdateQuery<T>) =>
      model.findOneAndUpdate(scope(filter), update, {
        returnDocument: 'after',
        runValidators: true,
      }),
    deleteOne: (filter: QueryFilter<T>) => model.deleteOne(scope(filter)),
    deleteMany: (filter?: QueryFilter<T>) => model.deleteMany(scope(filter)),
  };
}

export type AccountRepository<T extends AccountOwned> = ReturnType<typeof forAccount<T>>;
