package io.dendrite.parquet.bench.codegen;

import java.lang.invoke.MethodHandles;
import org.codehaus.commons.compiler.CompileException;
import org.codehaus.janino.SimpleCompiler;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The same straight-line {@link RowReader} for {@link Row16}, generated two ways (issue 30's
 * choice of a generator): Java source compiled by Janino, or bytecode written with ASM. Both
 * are loaded as hidden classes, as the core would load them.
 */
public final class Readers {
  private static final String PACKAGE = Readers.class.getPackageName();
  private static final String ROW = Row16.class.getName();

  private Readers() {}

  /** The reader's Java source: what Janino compiles and what a dump would show. */
  static String source(String simpleName) {
    StringBuilder args = new StringBuilder();
    for (int i = 0; i < Row16.COMPONENTS; i++) {
      args.append(i == 0 ? "" : ", ").append("c[").append(i).append("][r]");
    }
    return "package " + PACKAGE + ";\n"
        + "public final class " + simpleName + " implements " + RowReader.class.getName()
        + " {\n"
        + "  public Object read(long[][] c, int r) {\n"
        + "    return new " + ROW + "(" + args + ");\n"
        + "  }\n"
        + "}\n";
  }

  /** Compiles the source with Janino and defines it as a hidden class. */
  public static RowReader janino(String simpleName) throws Exception {
    SimpleCompiler compiler = new SimpleCompiler();
    compiler.setParentClassLoader(Readers.class.getClassLoader());
    try {
      compiler.cook(source(simpleName));
    } catch (CompileException e) {
      throw new IllegalStateException(e);
    }
    return define(compiler.getBytecodes().values().iterator().next());
  }

  /** Writes the same class's bytecode with ASM and defines it as a hidden class. */
  public static RowReader asm(String simpleName) throws Exception {
    String internal = PACKAGE.replace('.', '/') + "/" + simpleName;
    String row = ROW.replace('.', '/');
    ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL | Opcodes.ACC_SUPER, internal,
        null, "java/lang/Object",
        new String[] {RowReader.class.getName().replace('.', '/')});
    MethodVisitor init = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
    init.visitCode();
    init.visitVarInsn(Opcodes.ALOAD, 0);
    init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
    init.visitInsn(Opcodes.RETURN);
    init.visitMaxs(0, 0);
    init.visitEnd();
    MethodVisitor m = cw.visitMethod(Opcodes.ACC_PUBLIC, "read",
        "([[JI)Ljava/lang/Object;", null, null);
    m.visitCode();
    m.visitTypeInsn(Opcodes.NEW, row);
    m.visitInsn(Opcodes.DUP);
    StringBuilder descriptor = new StringBuilder("(");
    for (int i = 0; i < Row16.COMPONENTS; i++) {
      m.visitVarInsn(Opcodes.ALOAD, 1);
      m.visitIntInsn(Opcodes.BIPUSH, i);
      m.visitInsn(Opcodes.AALOAD);
      m.visitVarInsn(Opcodes.ILOAD, 2);
      m.visitInsn(Opcodes.LALOAD);
      descriptor.append('J');
    }
    m.visitMethodInsn(Opcodes.INVOKESPECIAL, row, "<init>", descriptor.append(")V").toString(),
        false);
    m.visitInsn(Opcodes.ARETURN);
    m.visitMaxs(0, 0);
    m.visitEnd();
    cw.visitEnd();
    return define(cw.toByteArray());
  }

  private static RowReader define(byte[] bytes) throws Exception {
    Class<?> c = MethodHandles.lookup().defineHiddenClass(bytes, true).lookupClass();
    return (RowReader) c.getDeclaredConstructor().newInstance();
  }
}
