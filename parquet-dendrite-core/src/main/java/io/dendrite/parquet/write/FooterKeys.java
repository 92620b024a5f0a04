package io.dendrite.parquet.write;

/** Key-value metadata this library adds to the footers of the files it writes. */
final class FooterKeys {
  /** Which library and version wrote the file. */
  static final String WRITER = "dendrite.writer";
  /** The record schema in its text form. */
  static final String RECORD_SCHEMA = "dendrite.record.schema";
  /** The shredding schema in its text form (absent when nothing is shredded). */
  static final String SHREDDING = "dendrite.shredding";

  private FooterKeys() {}

  static String writerName() {
    String version = FooterKeys.class.getPackage().getImplementationVersion();
    return "parquet-dendrite " + (version == null ? "dev" : version);
  }
}
