/**
 * What the generated record classes share, reading and writing alike (issues 30 and 31: one
 * code generator for records): the class writer, the method handles a hidden class takes as
 * its class data, and which classes generated code may name. Internal: no compatibility
 * guarantees.
 */
package io.dendrite.parquet.codegen.internal;
