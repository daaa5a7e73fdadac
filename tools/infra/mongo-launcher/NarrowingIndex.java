import de.bwaldvogel.mongo.bson.Document;

/**
 * An index that finds a filter's candidates by part of it: the server (or {@link
 * MatchFirstAggregate}) still applies the whole filter to them, so the part only has to hold every
 * document the filter matches.
 */
interface NarrowingIndex {
  /** The part of `filter` this index finds candidates by; null when it finds none by it. */
  Document narrowingFilter(Document filter);
}
