package io.dendrite.parquet.shred;

import io.dendrite.parquet.variant.VariantType;

/**
 * Groups of variant types that one shredded column can hold so that they read back unchanged:
 * int8..int64 form one family (a wider integer holds a narrower one with the same text);
 * decimals form another, which inference splits further by scale (a decimal column has one
 * scale). Float and double stay apart because converting between them changes values.
 * Declaration order breaks ties between equally frequent families.
 */
enum TypeFamily {
  BOOLEAN, INTEGER, DECIMAL, FLOAT, DOUBLE, STRING, BINARY, DATE, TIME, TIMESTAMP, TIMESTAMP_NTZ,
  TIMESTAMP_NANOS, TIMESTAMP_NTZ_NANOS, UUID, OBJECT, ARRAY;

  /** The family of a type, or null for variant null (which any column's {@code value} holds). */
  static TypeFamily of(VariantType t) {
    switch (t) {
      case NULL: return null;
      case BOOLEAN: return BOOLEAN;
      case INT8: case INT16: case INT32: case INT64:
        return INTEGER;
      case DECIMAL4: case DECIMAL8: case DECIMAL16:
        return DECIMAL;
      case FLOAT: return FLOAT;
      case DOUBLE: return DOUBLE;
      case STRING: return STRING;
      case BINARY: return BINARY;
      case DATE: return DATE;
      case TIME: return TIME;
      case TIMESTAMP: return TIMESTAMP;
      case TIMESTAMP_NTZ: return TIMESTAMP_NTZ;
      case TIMESTAMP_NANOS: return TIMESTAMP_NANOS;
      case TIMESTAMP_NTZ_NANOS: return TIMESTAMP_NTZ_NANOS;
      case UUID: return UUID;
      case OBJECT: return OBJECT;
      case ARRAY: return ARRAY;
      default: throw new IllegalArgumentException("unknown variant type " + t);
    }
  }
}
