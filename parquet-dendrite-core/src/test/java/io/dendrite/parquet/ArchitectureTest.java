package io.dendrite.parquet;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The core's package structure, checked on its compiled classes. A concern is a package under
 * {@code io.dendrite.parquet} with its sub-packages (its {@code internal} packages are the
 * concern's own code that other concerns may call, not API): concerns never depend on each
 * other in a cycle, and they stack in layers, the path grammar, variant binary and schemas at
 * the bottom, reading, writing and filtering above, the Hadoop bindings on top.
 */
class ArchitectureTest {
  private static final String BASE = "io.dendrite.parquet.";

  /**
   * The public API: every public top-level type outside {@code internal} packages, as the
   * README's "API at a glance" lists them. A type added here is an API decision: list it there.
   */
  private static final Set<String> API = Set.of(
      "filter.Filter",
      "hadoop.DendriteInputFormat", "hadoop.DendriteOutputFormat",
      "hadoop.DendriteReadSupport", "hadoop.SplitReader",
      "path.FieldPath", "path.SelectionPath",
      "read.DendriteBatch", "read.DendriteReadException", "read.DendriteReader",
      "read.DendriteRow", "read.FilterPlan", "read.PathVector",
      "schema.FieldType", "schema.RecordSchema", "schema.ShreddedType", "schema.ShreddingSchema",
      "shred.ShreddingInference", "shred.ShreddingReport",
      "variant.EncodedVariant", "variant.ParquetVariants", "variant.VariantCastException",
      "variant.VariantFormatException", "variant.VariantJson", "variant.VariantMetadata",
      "variant.VariantType", "variant.VariantValue",
      "write.Codec", "write.DendriteWriter", "write.InvalidRecordException");
  private static JavaClasses core;

  @BeforeAll
  static void importCore() {
    core = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
        .importPackages("io.dendrite.parquet");
  }

  @Test
  void publicTypesOutsideInternalPackagesAreTheApi() {
    Set<String> found = new TreeSet<>();
    for (JavaClass c : core) {
      if (c.isTopLevelClass() && c.getModifiers().contains(JavaModifier.PUBLIC)
          && !c.getPackageName().contains(".internal")
          && !c.getSimpleName().equals("package-info")) {
        found.add(c.getName().substring(BASE.length()));
      }
    }
    assertEquals(new TreeSet<>(API), found);
    assertTrue(API.size() <= 30, "at most 30 public API types, got " + API.size());
  }

  @Test
  void concernsAreFreeOfCycles() {
    slices().matching("io.dendrite.parquet.(*)..").should().beFreeOfCycles().check(core);
  }

  @Test
  void concernsStackInLayers() {
    layeredArchitecture().consideringOnlyDependenciesInLayers()
        .layer("variant").definedBy(BASE + "variant..")
        .layer("path").definedBy(BASE + "path..")
        .layer("schema").definedBy(BASE + "schema..")
        .layer("shred").definedBy(BASE + "shred..")
        .layer("filter").definedBy(BASE + "filter..")
        .layer("read").definedBy(BASE + "read..")
        .layer("write").definedBy(BASE + "write..")
        .layer("hadoop").definedBy(BASE + "hadoop..")
        .whereLayer("hadoop").mayNotBeAccessedByAnyLayer()
        .whereLayer("write").mayOnlyBeAccessedByLayers("hadoop")
        .whereLayer("read").mayOnlyBeAccessedByLayers("write", "hadoop")
        .whereLayer("filter").mayOnlyBeAccessedByLayers("read", "write", "hadoop")
        .whereLayer("shred").mayOnlyBeAccessedByLayers("write", "hadoop")
        .whereLayer("schema")
        .mayOnlyBeAccessedByLayers("shred", "filter", "read", "write", "hadoop")
        .whereLayer("path")
        .mayOnlyBeAccessedByLayers("schema", "shred", "filter", "read", "write", "hadoop")
        .check(core);
  }

  /** The variant binary format stands alone: no other concern of ours below it. */
  @Test
  void variantDependsOnNoOtherConcern() {
    noClasses().that().resideInAPackage(BASE + "variant..")
        .should().dependOnClassesThat().resideInAnyPackage(BASE + "path..", BASE + "schema..",
            BASE + "shred..", BASE + "filter..", BASE + "read..", BASE + "write..",
            BASE + "hadoop..")
        .check(core);
  }

  /** Page decoding is the bottom of reading: it knows nothing of plans, rows or files. */
  @Test
  void pageDecodingKnowsNothingAboveIt() {
    noClasses().that().resideInAPackage(BASE + "read.internal.column..")
        .should().dependOnClassesThat().resideInAnyPackage(BASE + "read",
            BASE + "read.internal.engine..", BASE + "read.internal.plan..",
            BASE + "read.internal.file..")
        .check(core);
  }

  /** Column writing is the bottom of writing: Parquet schemas and pages, no rows or variants. */
  @Test
  void columnWritingKnowsNothingAboveIt() {
    noClasses().that().resideInAPackage(BASE + "write.internal.column..")
        .should().dependOnClassesThat().resideInAnyPackage(BASE + "write", BASE + "shred..",
            BASE + "schema..", BASE + "variant..", BASE + "read..", BASE + "path..")
        .check(core);
  }

  /** Footer and file access sit below the plan and the engine. */
  @Test
  void fileAccessKnowsNoPlanOrEngine() {
    noClasses().that().resideInAPackage(BASE + "read.internal.file..")
        .should().dependOnClassesThat().resideInAnyPackage(
            BASE + "read.internal.engine..", BASE + "read.internal.plan..")
        .check(core);
  }
}
