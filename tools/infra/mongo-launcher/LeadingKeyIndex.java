import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.backend.EmptyIndex;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.bson.ObjectId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * A non-unique index, served on its first key: mongo-java-server keeps non-unique indexes as
 * empty placeholders, so every query that no unique index matches exactly reads the whole
 * collection. This one answers a filter that fixes the first key to a string or an ObjectId (a
 * seller's `accountId`), or to one of an `$in` list of them (a batch's lookup), with the documents
 * holding those values. The server still applies the whole
 * filter, sort, skip and limit to them, so answers are those of a full scan, and the candidates
 * come in the collection's own order (the order a full scan reads, which a find without sort
 * returns).
 */
final class LeadingKeyIndex<P> extends Index<P> implements NarrowingIndex {
  private final String key;
  private final Comparator<P> collectionOrder;
  private final Map<Object, NavigableSet<P>> positionsByValue = new HashMap<>();
  private final Map<Object, P> positionsById = new HashMap<>();

  private LeadingKeyIndex(
      String name, List<IndexKey> keys, boolean sparse, Comparator<P> collectionOrder) {
    super(name, keys, sparse);
    this.key = keys.get(0).getKey();
    this.collectionOrder = collectionOrder;
  }

  /**
   * The index for a non-unique index description of `collection`: served when it is the first on
   * its first key (the services declare a dozen `{accountId, ...}` indexes on one collection, and one
   * copy of the seller's positions serves them all), otherwise the server's empty placeholder. A
   * dotted first key is never served: the path may cross arrays, whose matching rules this does not
   * model.
   */
  static <P> Index<P> forDescription(
      MongoCollection<P> collection,
      String name,
      List<IndexKey> keys,
      boolean sparse,
      Comparator<P> collectionOrder) {
    String key = keys.get(0).getKey();
    boolean servedAlready =
        collection != null
            && collection.getIndexes().stream()
                .anyMatch(
                    index ->
                        index instanceof LeadingKeyIndex<?> leading
                            && leading.key.equals(key)
                            && !leading.getName().equals(name));
    if (key.contains(".") || servedAlready) return new EmptyIndex<>(name, keys);
    return new LeadingKeyIndex<>(name, keys, sparse, collectionOrder);
  }

  private static boolean narrows(Object value) {
    return value instanceof String || value instanceof ObjectId;
  }

  /**
   * The values a query can find a document by: its value, or each element of an array (as a query
   * matches them). A document holding none is still counted, only never a candidate.
   */
  private Collection<Object> valuesOf(Document document) {
    Object value = document.get(key);
    if (narrows(value)) return List.of(value);
    if (!(value instanceof Collection<?> elements)) return List.of();
    Set<Object> values = new LinkedHashSet<>();
    for (Object element : elements) if (narrows(element)) values.add(element);
    return values;
  }

  /**
   * The values a filter fixes the key to: its one value, or every value of an `$in` of strings and
   * ObjectIds only (a batch's lookup by tracker id, say); null when it fixes none this serves.
   */
  private static List<Object> fixedValues(Object condition) {
    if (narrows(condition)) return List.of(condition);
    if (condition instanceof Document operators
        && operators.size() == 1
        && operators.get("$in") instanceof Collection<?> values
        && !values.isEmpty()
        && values.stream().allMatch(LeadingKeyIndex::narrows)) {
      return List.copyOf(values);
    }
    return null;
  }

  /**
   * A filter that also fixes `_id` is left to the `_id` index ({@link IdIndex}), which finds its one
   * document: the server takes the first index that can handle a filter, and an H2 file reopens a
   * collection's indexes in no set order.
   */
  @Override
  public boolean canHandle(Document query) {
    return fixedValues(query.get(key)) != null && !IdIndex.fixesId(query);
  }

  @Override
  public Document narrowingFilter(Document filter) {
    return canHandle(filter) ? new Document(key, filter.get(key)) : null;
  }

  @Override
  public synchronized Iterable<P> getPositions(Document query) {
    List<Object> values = fixedValues(query.get(key));
    if (values.size() == 1) {
      NavigableSet<P> positions = positionsByValue.get(values.get(0));
      return positions == null ? List.of() : new ArrayList<>(positions);
    }
    // Several values: their documents once each, still in the collection's order.
    NavigableSet<P> union = new TreeSet<>(collectionOrder);
    for (Object value : values) {
      NavigableSet<P> positions = positionsByValue.get(value);
      if (positions != null) union.addAll(positions);
    }
    return new ArrayList<>(union);
  }

  @Override
  public synchronized P getPosition(Document document) {
    return positionsById.get(document.get("_id"));
  }

  @Override
  public void checkAdd(Document document, MongoCollection<P> collection) {}

  @Override
  public synchronized void add(Document document, P position, MongoCollection<P> collection) {
    positionsById.put(document.get("_id"), position);
    for (Object value : valuesOf(document)) {
      positionsByValue.computeIfAbsent(value, v -> new TreeSet<>(collectionOrder)).add(position);
    }
  }

  @Override
  public synchronized P remove(Document document) {
    P position = positionsById.remove(document.get("_id"));
    if (position == null) return null;
    for (Object value : valuesOf(document)) {
      NavigableSet<P> positions = positionsByValue.get(value);
      if (positions == null) continue;
      positions.remove(position);
      if (positions.isEmpty()) positionsByValue.remove(value);
    }
    return position;
  }

  @Override
  public void checkUpdate(Document oldDocument, Document newDocument, MongoCollection<P> collection) {}

  @Override
  public synchronized void updateInPlace(
      Document oldDocument, Document newDocument, P position, MongoCollection<P> collection) {
    if (Objects.equals(oldDocument.get(key), newDocument.get(key))) return;
    remove(oldDocument);
    add(newDocument, position, collection);
  }

  @Override
  public synchronized long getCount() {
    return positionsById.size();
  }

  @Override
  public long getDataSize() {
    return 0;
  }

  @Override
  public synchronized void drop() {
    positionsByValue.clear();
    positionsById.clear();
  }
}
