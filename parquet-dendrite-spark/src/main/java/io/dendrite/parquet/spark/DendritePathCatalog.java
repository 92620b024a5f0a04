package io.dendrite.parquet.spark;

import java.util.HashMap;
import java.util.Map;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.connector.catalog.TableChange;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A read-only catalog whose table names are paths, for SQL on files:
 * {@code SELECT ... FROM dendrite.`/data/events`} once the session sets
 * {@code spark.sql.catalog.dendrite=io.dendrite.parquet.spark.DendritePathCatalog}. Needed
 * because Spark's own rule for SQL on files (4.1 and 4.2) serves only V1 {@code FileFormat}
 * sources and refuses a V2 source such as {@link DendriteDataSource}; a catalog named like the
 * source is resolved before that rule runs. Options of the catalog
 * ({@code spark.sql.catalog.dendrite.<key>}) are the read's options.
 */
public final class DendritePathCatalog implements TableCatalog {
  private String name;
  private Map<String, String> options = Map.of();

  @Override
  public void initialize(String name, CaseInsensitiveStringMap options) {
    this.name = name;
    this.options = Map.copyOf(options.asCaseSensitiveMap());
  }

  @Override
  public String name() {
    return name;
  }

  /** The files at the path {@code ident.name()}, read as {@code load(path)} reads them. */
  @Override
  public Table loadTable(Identifier ident) {
    if (ident.namespace().length > 0) {
      throw new IllegalArgumentException("dendrite: catalog " + name + " names tables by a"
          + " path alone, quoted: " + name + ".`/path/to/files`, not " + ident);
    }
    Map<String, String> read = new HashMap<>(options);
    read.put("path", ident.name());
    DendriteDataSource source = new DendriteDataSource();
    return source.getTable(source.inferSchema(new CaseInsensitiveStringMap(read)),
        new Transform[0], read);
  }

  /** Paths are not listed: any path is a table. */
  @Override
  public Identifier[] listTables(String[] namespace) {
    return new Identifier[0];
  }

  @Override
  public Table alterTable(Identifier ident, TableChange... changes) {
    throw readOnly("ALTER TABLE");
  }

  @Override
  public boolean dropTable(Identifier ident) {
    throw readOnly("DROP TABLE");
  }

  @Override
  public void renameTable(Identifier from, Identifier to) {
    throw readOnly("RENAME TABLE");
  }

  private UnsupportedOperationException readOnly(String what) {
    return new UnsupportedOperationException("dendrite: catalog " + name + " only reads files;"
        + " " + what + " is not supported (CREATE TABLE ... USING dendrite LOCATION '...' makes"
        + " a table of the session catalog)");
  }
}
