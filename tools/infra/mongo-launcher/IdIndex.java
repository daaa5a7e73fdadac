import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.bson.ObjectId;
import java.util.List;

/**
 * A collection's `_id` index, also serving a filter that fixes `_id` to one plain value beside
 * other fields (`{accountId, _id}`, every tenant-scoped read by id): mongo-java-server's unique
 * index serves only a filter of exactly its fields, so such a filter was served by the seller's
 * {@link LeadingKeyIndex} (all of the seller's documents) or by a full scan. The one document with
 * that `_id` is the only candidate, and the server applies the whole filter to it, so answers are
 * a full scan's. Everything else is the backend's own unique index, which this wraps (the H2
 * backend's cannot be subclassed outside its package).
 */
final class IdIndex<P> extends Index<P> implements NarrowingIndex {
  private static final String ID = "_id";

  private final Index<P> unique;

  private IdIndex(Index<P> unique, List<IndexKey> keys) {
    super(unique.getName(), keys, false);
    this.unique = unique;
  }

  /** `unique` as the backend made it, wrapped when it is the (never sparse) index on `_id` alone. */
  static <P> Index<P> around(Index<P> unique, List<IndexKey> keys, boolean sparse) {
    boolean onIdAlone = keys.size() == 1 && keys.get(0).getKey().equals(ID);
    return onIdAlone && !sparse ? new IdIndex<>(unique, keys) : unique;
  }

  /**
   * A value whose documents the unique index finds exactly as a full scan matches them: the
   * index normalizes numbers as the query matcher compares them. Operator documents (`$in`,
   * `$gt`...), regular expressions, embedded documents, null and NaN (which an index key equals and
   * a comparison may not) are left to the server's usual choice.
   */
  private static boolean isPlain(Object value) {
    return value instanceof String
        || value instanceof ObjectId
        || value instanceof Integer
        || value instanceof Long
        || (value instanceof Double number && !number.isNaN());
  }

  /** Whether `filter` fixes `_id` to a value this index finds its one document by. */
  static boolean fixesId(Document filter) {
    return isPlain(filter.get(ID));
  }

  @Override
  public Document narrowingFilter(Document filter) {
    return fixesId(filter) ? new Document(ID, filter.get(ID)) : null;
  }

  @Override
  public boolean canHandle(Document query) {
    return unique.canHandle(query) || narrowingFilter(query) != null;
  }

  @Override
  public Iterable<P> getPositions(Document query) {
    return unique.canHandle(query)
        ? unique.getPositions(query)
        : unique.getPositions(narrowingFilter(query));
  }

  @Override
  public boolean isUnique() {
    return unique.isUnique();
  }

  @Override
  public P getPosition(Document document) {
    return unique.getPosition(document);
  }

  @Override
  public void checkAdd(Document document, MongoCollection<P> collection) {
    unique.checkAdd(document, collection);
  }

  @Override
  public void add(Document document, P position, MongoCollection<P> collection) {
    unique.add(document, position, collection);
  }

  @Override
  public P remove(Document document) {
    return unique.remove(document);
  }

  @Override
  public void checkUpdate(Document oldDocument, Document newDocument, MongoCollection<P> collection) {
    unique.checkUpdate(oldDocument, newDocument, collection);
  }

  @Override
  public void updateInPlace(
      Document oldDocument, Document newDocument, P position, MongoCollection<P> collection) {
    unique.updateInPlace(oldDocument, newDocument, position, collection);
  }

  @Override
  public long getCount() {
    return unique.getCount();
  }

  @Override
  public boolean isEmpty() {
    return unique.isEmpty();
  }

  @Override
  public long getDataSize() {
    return unique.getDataSize();
  }

  @Override
  public void drop() {
    unique.drop();
  }
}
