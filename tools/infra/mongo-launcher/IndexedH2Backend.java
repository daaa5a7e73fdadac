import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.DatabaseResolver;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.h2.H2Database;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.oplog.Oplog;
import io.netty.channel.Channel;
import java.util.List;
import org.h2.mvstore.type.ObjectDataType;

/**
 * The H2 file backend with non-unique indexes served on their first key ({@link LeadingKeyIndex}),
 * rebuilt in memory from the stored documents when the database opens, and the `_id` index serving
 * a filter that fixes `_id` beside other fields ({@link IdIndex}).
 */
final class IndexedH2Backend extends H2Backend {
  IndexedH2Backend(String fileName) {
    super(fileName);
  }

  @Override
  protected MongoDatabase openOrCreateDatabase(String databaseName) {
    return new Database(databaseName, this);
  }

  private static final class Database extends H2Database {
    /** A collection's positions are its map's keys, which a full scan reads in this order. */
    private static final ObjectDataType keyOrder = new ObjectDataType();

    Database(String databaseName, IndexedH2Backend backend) {
      super(databaseName, backend.getMvStore(), backend.getCursorRegistry());
    }

    @Override
    protected Index<Object> openOrCreateUniqueIndex(
        String collectionName, String indexName, List<IndexKey> keys, boolean sparse) {
      return IdIndex.around(
          super.openOrCreateUniqueIndex(collectionName, indexName, keys, sparse), keys, sparse);
    }

    @Override
    protected Index<Object> openOrCreateSecondaryIndex(
        String collectionName, String indexName, List<IndexKey> keys, boolean sparse) {
      return LeadingKeyIndex.forDescription(
          resolveCollection(collectionName, false), indexName, keys, sparse, keyOrder::compare);
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
}
