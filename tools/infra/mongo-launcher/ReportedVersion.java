import de.bwaldvogel.mongo.MongoVersion;
import java.util.List;

/**
 * The version the server reports to drivers. mongo-java-server's own choices stop at wire version
 * 8 (MongoDB 4.2), and the MongoDB Node driver 7 (mongoose 9) refuses a server below 9 (4.4). The
 * version is only reported (hello, buildInfo): what the server does is the same either way.
 */
public enum ReportedVersion implements MongoVersion {
  MONGO_4_4(List.of(4, 4, 0), 9);

  private final List<Integer> versionArray;
  private final int wireVersion;

  ReportedVersion(List<Integer> versionArray, int wireVersion) {
    this.versionArray = versionArray;
    this.wireVersion = wireVersion;
  }

  @Override
  public List<Integer> getVersionArray() {
    return versionArray;
  }

  @Override
  public int getWireVersion() {
    return wireVersion;
  }
}
