package io.dendrite.parquet.spark;

import org.apache.spark.sql.SQLContext;
import org.apache.spark.sql.sources.BaseRelation;
import org.apache.spark.sql.types.StructType;

/**
 * What {@code createRelation} returns after a write: Spark asks it for nothing but its schema
 * (to refresh cached plans); reads go through {@code format("dendrite").load(path)}.
 */
final class WrittenRelation extends BaseRelation {
  private final SQLContext sqlContext;
  private final StructType schema;

  WrittenRelation(SQLContext sqlContext, StructType schema) {
    this.sqlContext = sqlContext;
    this.schema = schema;
  }

  @Override
  public SQLContext sqlContext() {
    return sqlContext;
  }

  @Override
  public StructType schema() {
    return schema;
  }
}
