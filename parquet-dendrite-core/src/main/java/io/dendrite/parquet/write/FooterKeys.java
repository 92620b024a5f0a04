package io.dendrite.parquet.write;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** Key-value metadata this library adds to the footers of the files it writes. */
final class FooterKeys {
  /** Which library and version wrote the file. */
  static final String WRITER = "dendrite.writer";
  /** The record schema in its text form. */
  static final String RECORD_SCHEMA = "dendrite.record.schema";
  /** The shredding schema in its text form (absent when nothing is shredded). */
  static final String SHREDDING = "dendrite.shredding";

  private FooterKeys() {}

  /** This library's version, as the build wrote it into {@code dendrite-version.properties}. */
  static final String VERSION = readVersion();

  static String writerName() {
    return "parquet-dendrite " + VERSION;
  }

  /**
   * The footer's {@code created_by}, in the form readers parse ({@code <application> version
   * <version>}), so that their workarounds for old parquet-mr files never apply to ours.
   */
  static String createdBy() {
    return "parquet-dendrite version " + VERSION;
  }

  private static String readVersion() {
    try (InputStream in = FooterKeys.class.getResourceAsStream("dendrite-version.properties")) {
      Properties p = new Properties();
      if (in != null) {
        p.load(in);
      }
      String v = p.getProperty("version", "");
      // Unfiltered (a build that skipped resources): say so rather than carry "${...}".
      return v.isEmpty() || v.startsWith("$") ? "dev" : v;
    } catch (IOException e) {
      return "dev";
    }
  }
}
