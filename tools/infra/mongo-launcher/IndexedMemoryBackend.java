import de.bwaldvogel.mongo.backend.DatabaseResolver;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.backend.memory.MemoryDatabase;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.oplog.Oplog;
import io.netty.channel.Channel;
import java.util.Comparator;
import java.util.List;

/** The in-memory backend with non-unique indexes served on their first key ({@link LeadingKeyIndex}). */
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
      Document answer = MatchFirstAggregate.answer(this, command, query, resolver, oplog);
      if (answer == null) return super.handleCommand(channel, command, query, resolver, oplog);
      clearLastStatus(channel);
      return answer;
    }
  }
}
