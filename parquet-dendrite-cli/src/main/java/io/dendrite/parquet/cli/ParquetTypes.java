package io.dendrite.parquet.cli;

import java.util.Locale;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;

/**
 * Short names for Parquet column types, in the words of the record schema where one exists
 * ({@code int64}, {@code string}, {@code decimal(10,2)}, {@code timestamp_ntz}) and otherwise
 * the Parquet ones ({@code int96}, {@code uint32}, {@code timestamp_millis}, {@code json},
 * {@code fixed(12)}).
 */
final class ParquetTypes {
  private ParquetTypes() {}

  static String describe(PrimitiveType p) {
    LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
    if (a instanceof IntLogicalTypeAnnotation i) {
      return (i.isSigned() ? "int" : "uint") + i.getBitWidth();
    }
    if (a instanceof DecimalLogicalTypeAnnotation d) {
      return "decimal(" + d.getPrecision() + "," + d.getScale() + ")";
    }
    if (a instanceof TimestampLogicalTypeAnnotation t) {
      return "timestamp" + (t.isAdjustedToUTC() ? "" : "_ntz") + unit(t.getUnit());
    }
    if (a instanceof TimeLogicalTypeAnnotation t) {
      return "time" + unit(t.getUnit());
    }
    if (a == LogicalTypeAnnotation.stringType()) {
      return "string";
    }
    if (a != null) {
      // date, uuid, json, enum, bson, float16, ...
      String name = a.toString().toLowerCase(Locale.ROOT);
      int paren = name.indexOf('(');
      return paren > 0 ? name.substring(0, paren) : name;
    }
    switch (p.getPrimitiveTypeName()) {
      case BOOLEAN: return "boolean";
      case INT32: return "int32";
      case INT64: return "int64";
      case INT96: return "int96";
      case FLOAT: return "float";
      case DOUBLE: return "double";
      case BINARY: return "binary";
      case FIXED_LEN_BYTE_ARRAY: return "fixed(" + p.getTypeLength() + ")";
      default: return p.getPrimitiveTypeName().name().toLowerCase(Locale.ROOT);
    }
  }

  private static String unit(TimeUnit u) {
    switch (u) {
      case MILLIS: return "_millis";
      case NANOS: return "_nanos";
      default: return "";
    }
  }
}
