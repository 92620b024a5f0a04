package io.dendrite.parquet.spark.bench;

/**
 * The four queries of issue 32's benchmark, as SQL over the view {@code t}. Each ends in a
 * small result that the benchmark collects, so the whole scan runs as a Spark action.
 */
enum BenchQuery {
  /** About 0.1% of 1,000,000 rows (1,000 consecutive ids) by the clustered path. */
  SELECTIVE_FILTER {
    @Override
    String sql(long rows) {
      long first = BenchRows.TS0 + (rows / 2) * BenchRows.TS_STEP;
      long last = first + (MATCHES - 1) * BenchRows.TS_STEP;
      return "SELECT id, qty FROM t WHERE variant_get(v, '$.ts', 'bigint') BETWEEN "
          + first + " AND " + last;
    }
  },
  /** One shredded path over every row. */
  SHREDDED_SUM {
    @Override
    String sql(long rows) {
      return "SELECT sum(variant_get(v, '$.a.b', 'bigint')) FROM t";
    }
  },
  /** Two shredded paths and a residual one, on the rows of one category (1/16). */
  THREE_PATHS_WHERE {
    @Override
    String sql(long rows) {
      return "SELECT count(*), sum(variant_get(v, '$.user.id', 'bigint')),"
          + " max(variant_get(v, '$.a.c', 'string')), max(variant_get(v, '$.mixed', 'string'))"
          + " FROM t WHERE cat = 'c07'";
    }
  },
  /** Every variant whole, as JSON text. */
  TO_JSON {
    @Override
    String sql(long rows) {
      return "SELECT sum(length(to_json(v))) FROM t";
    }
  };

  /** Rows the selective filter selects. */
  static final long MATCHES = 1_000;

  abstract String sql(long rows);
}
