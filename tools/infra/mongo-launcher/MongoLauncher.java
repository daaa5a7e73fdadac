import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.net.InetSocketAddress;

/**
 * Starts mongo-java-server on loopback and prints the bound port on stdout, so that the
 * Node launcher can pick a free port (0) and still learn where the server listens.
 * Usage: MongoLauncher <port> [h2-file]  (no file: in-memory backend)
 */
public class MongoLauncher {
  public static void main(String[] args) throws Exception {
    int port = args.length > 0 ? Integer.parseInt(args[0]) : 0;
    MongoBackend backend = args.length > 1 ? new H2Backend(args[1]) : new MemoryBackend();
    MongoServer server = new MongoServer(backend);
    server.bind("127.0.0.1", port);
    InetSocketAddress address = server.getLocalAddress();
    Runtime.getRuntime().addShutdownHook(new Thread(server::shutdownNow));
    System.out.println("mongo-java-server listening on port " + address.getPort());
    System.out.flush();
    Thread.currentThread().join();
  }
}
