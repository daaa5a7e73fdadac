import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.DatabaseResolver;
import de.bwaldvogel.mongo.backend.EmptyCursor;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.aggregation.Aggregation;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.oplog.Oplog;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.function.Supplier;

/**
 * An aggregation whose first stage is a `$match` a {@link NarrowingIndex} can narrow (a seller's
 * summary or count by {@link LeadingKeyIndex}, the driver's count of one document by {@link
 * IdIndex}) starts from the documents the index finds, where mongo-java-server would feed
 * the pipeline the whole collection. The pipeline itself is unchanged, its `$match` included, so it
 * gives the same answer.
 */
final class MatchFirstAggregate {
  private MatchFirstAggregate() {}

  /**
   * A backend database's `handleCommand`: an aggregation this class can narrow is answered here
   * (after `clearStatus`, which the server does for every command), any other command by
   * `otherwise`, the server's own handling.
   */
  static Document answerOr(
      MongoDatabase database,
      String commandName,
      Document command,
      DatabaseResolver databaseResolver,
      Oplog oplog,
      Runnable clearStatus,
      Supplier<Document> otherwise) {
    Document answer = answer(database, commandName, command, databaseResolver, oplog);
    if (answer == null) return otherwise.get();
    clearStatus.run();
    return answer;
  }

  /** The answer to an `aggregate` command; null for another command or one it cannot narrow. */
  private static Document answer(
      MongoDatabase database,
      String commandName,
      Document command,
      DatabaseResolver databaseResolver,
      Oplog oplog) {
    if (!commandName.equalsIgnoreCase("aggregate")) return null;
    String collectionName = String.valueOf(command.get(commandName));
    MongoCollection<?> collection = database.resolveCollection(collectionName, false);
    if (collection == null) return null;
    List<Document> pipeline = Aggregation.parse(command.get("pipeline"));
    if (pipeline.isEmpty() || !(pipeline.get(0).get("$match") instanceof Document match)) {
      return null;
    }
    Document narrowing = narrowingFilter(collection, match);
    if (narrowing == null) return null;

    Aggregation aggregation =
        Aggregation.fromPipeline(
            pipeline, databaseResolver, database, startingFrom(collection, narrowing), oplog);
    aggregation.validate(command);
    Document cursor = new Document();
    cursor.put("id", EmptyCursor.get().getId());
    cursor.put("ns", database.getDatabaseName() + "." + collectionName);
    cursor.put("firstBatch", aggregation.computeResult());
    Document answer = new Document();
    answer.put("cursor", cursor);
    answer.put("ok", 1.0);
    return answer;
  }

  /**
   * The part of `match` the first index able to narrow it finds its candidates by, as a find with
   * that filter would (one that fixes `_id` only the `_id` index narrows); null when none can.
   */
  private static Document narrowingFilter(MongoCollection<?> collection, Document match) {
    for (Index<?> index : collection.getIndexes()) {
      if (index instanceof NarrowingIndex narrowing) {
        Document filter = narrowing.narrowingFilter(match);
        if (filter != null) return filter;
      }
    }
    return null;
  }

  /** The collection as the pipeline sees it: reading "all" documents reads the narrowed ones. */
  private static MongoCollection<?> startingFrom(MongoCollection<?> collection, Document narrowing) {
    return (MongoCollection<?>)
        Proxy.newProxyInstance(
            MongoCollection.class.getClassLoader(),
            new Class<?>[] {MongoCollection.class},
            (proxy, method, arguments) -> {
              if (method.getParameterCount() == 0) {
                switch (method.getName()) {
                  case "queryAll":
                    return collection.handleQuery(narrowing);
                  case "queryAllAsStream":
                    return collection.handleQueryAsStream(narrowing);
                  default:
                    break;
                }
              }
              try {
                return method.invoke(collection, arguments);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }
}
