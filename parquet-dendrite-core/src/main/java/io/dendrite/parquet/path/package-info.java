/**
 * The path grammars: {@link SelectionPath}, the paths of selections, filters and the command
 * line (a column, then fields, indexes {@code [N]} and {@code [*]}), and {@link FieldPath},
 * the dotted field paths of the schema text forms. At the bottom of the library: they depend
 * on the variant values they step into, nothing else.
 */
package io.dendrite.parquet.path;
