import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.DatabaseResolver;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.backend.memory.MemoryCollection;
import de.bwaldvogel.mongo.backend.memory.MemoryDatabase;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.exception.MongoServerError;
import de.bwaldvogel.mongo.oplog.Oplog;
import io.netty.channel.Channel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The in-memory backend with non-unique indexes served on their first key ({@link LeadingKeyIndex}),
 * the `_id` index serving a filter that fixes `_id` beside other fields ({@link IdIndex}), inserts
 * that lock a collection one document at a time, and index builds that take that lock.
 */
final class IndexedMemoryBackend extends MemoryBackend {
  @Override
  public MemoryDatabase openOrCreateDatabase(String databaseName) {
    return new Database(databaseName, this);
  }

  private static final class Database extends MemoryDatabase {
    Database(String databaseName, IndexedMemoryBackend backend) {
      super(databaseName, backend.getCursorRegistry());
    }

    @Override
    protected MemoryCollection openOrCreateCollection(
        String collectionName, CollectionOptions options) {
      return new DocumentLockingCollection(this, collectionName, options, cursorRegistry);
    }

    @Override
    protected Index<Integer> openOrCreateUniqueIndex(
        String collectionName, String indexName, List<IndexKey> keys, boolean sparse) {
      return IdIndex.around(
          super.openOrCreateUniqueIndex(collectionName, indexName, keys, sparse), keys, sparse);
    }

    @Override
    protected Index<Integer> openOrCreateSecondaryIndex(
        String collectionName, String indexName, List<IndexKey> keys, boolean sparse) {
      // A memory collection's positions are list slots; a full scan reads them in order.
      return LeadingKeyIndex.forDescription(
          resolveCollection(collectionName, false),
          indexName,
          keys,
          sparse,
          Comparator.<Integer>naturalOrder());
    }

    @Override
    public Document handleCommand(
        Channel channel, String command, Document query, DatabaseResolver resolver, Oplog oplog) {
      return MatchFirstAggregate.answerOr(
          this,
          command,
          query,
          resolver,
          oplog,
          () -> clearLastStatus(channel),
          () -> super.handleCommand(channel, command, query, resolver, oplog));
    }
  }

  /**
   * A collection whose multi-document inserts take its lock one document at a time, as MongoDB
   * locks documents rather than collections: mongo-java-server holds the collection for a whole
   * `insert` command, so a 1,000-order import batch kept every other seller's reads of the
   * collection waiting until it was in.
   */
  private static final class DocumentLockingCollection extends MemoryCollection {
    DocumentLockingCollection(
        MemoryDatabase database,
        String collectionName,
        CollectionOptions options,
        CursorRegistry cursorRegistry) {
      super(database, collectionName, options, cursorRegistry);
    }

    /**
     * Builds an index under the collection's lock, which every insert takes: mongo-java-server builds
     * it under the database's lock only, so a document inserted while the index read the collection
     * could be left out of it for good (4 of 10 trials of an index made during 20,000 inserts).
     */
    @Override
    public synchronized void addIndex(Index<Integer> index) {
      super.addIndex(index);
    }

    @Override
    public List<Document> insertDocuments(List<Document> documents, boolean isOrdered) {
      List<Document> writeErrors = new ArrayList<>();
      for (int index = 0; index < documents.size(); index++) {
        try {
          addDocument(documents.get(index));
        } catch (MongoServerError e) {
          writeErrors.add(writeErrorOf(e, index));
          if (isOrdered) break;
        }
      }
      return writeErrors;
    }

    /** The write error mongo-java-server reports for a failed insert. */
    private static Document writeErrorOf(MongoServerError e, int index) {
      Document error = new Document();
      error.put("index", index);
      error.put("errmsg", e.getMessageWithoutErrorCode());
      error.put("code", e.getCode());
      error.putIfNotNull("codeName", e.getCodeName());
      return error;
    }
  }
}
