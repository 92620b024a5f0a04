package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.cfg.PackageVersion;
import org.apache.parquet.Version;
import org.junit.jupiter.api.Test;

/**
 * The other tests in this module mean something only if the core really runs on Spark's
 * classpath: Spark 4.1's parquet-java without parquet-variant, and Spark's Jackson. Expected
 * versions come from the POM (the versions Spark ships).
 */
class SparkClasspathTest {

  @Test
  void parquetJavaIsSparksOwnAndHasNoVariantModule() throws Exception {
    // Read at run time: javac copies the constant into this class, and classes compiled for
    // one Spark profile are run again by the other without recompiling.
    assertEquals(expected("expected.parquet.version"),
        Version.class.getField("VERSION_NUMBER").get(null),
        String.valueOf(Version.class.getField("FULL_VERSION").get(null)));
    assertThrows(ClassNotFoundException.class,
        () -> Class.forName("org.apache.parquet.variant.Variant"));
  }

  @Test
  void jacksonAndSparkAreTheVersionsSparkShips() {
    assertEquals(expected("expected.jackson.version"), PackageVersion.VERSION.toString());
    assertEquals(expected("expected.spark.version"), LocalSpark.session().version());
  }

  private static String expected(String property) {
    String v = System.getProperty(property);
    assertNotNull(v, property + " is set by the POM's surefire configuration");
    return v;
  }
}
