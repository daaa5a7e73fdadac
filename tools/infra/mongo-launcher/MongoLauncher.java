import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import java.net.InetSocketAddress;

/**
 * Starts mongo-java-server on loopback and prints the bound port on stdout, so that the
 * Node launcher can pick a free port (0) and still learn where the server listens. Its backends
 * serve non-unique indexes on their first key (see LeadingKeyIndex), as a seller's queries need.
 * Usage: MongoLauncher <port> [h2-file]  (no file: in-memory backend)
 */
public class MongoLauncher {
  public static void main(String[] args) throws Exception {
    int port = args.length > 0 ? Integer.parseInt(args[0]) : 0;
    MongoBackend backend = args.length > 1 ? new IndexedH2Backend(args[1]) : new IndexedMemoryBackend();
    backend.version(ReportedVersion.MONGO_4_4);
    MongoServer server = new MongoServer(backend);
    server.bind("127.0.0.1", port);
    InetSocketAddress address = server.getLocalAddress();
    Runtime.getRuntime().addShutdownHook(new Thread(server::shutdownNow));
    System.out.println("mongo-java-server listening on port " + address.getPort());
    System.out.flush();
    Thread.currentThread().join();
  }
}
