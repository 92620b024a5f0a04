package io.dendrite.parquet.codegen.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Modifier;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.commons.GeneratorAdapter;
import org.objectweb.asm.commons.Method;

/**
 * Pieces of the hidden classes written for Java records (the read side's assemblers, the write
 * side's record writers), written with (relocated) ASM.
 */
public final class GeneratedClasses {
  private static final Type METHOD_HANDLE = Type.getType(MethodHandle.class);

  private GeneratedClasses() {}

  /** A class writer computing frames and stack sizes, which loads no class to do so. */
  public static ClassWriter classWriter() {
    return new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS) {
      // Frames merge only Object-typed locals and stack slots: no class is loaded to merge.
      @Override
      protected String getCommonSuperClass(String type1, String type2) {
        return "java/lang/Object";
      }
    };
  }

  /**
   * Declares {@code count} static final method handle fields {@code h0..h<count-1>} in class
   * {@code self} and its static initializer, which fills them from the hidden class's class
   * data (an {@code Object[]} of the handles, as {@code defineHiddenClassWithClassData} was
   * given them): constants to the JIT, which inlines their calls.
   */
  public static void handleFields(ClassWriter writer, Type self, int count) {
    if (count == 0) {
      return;
    }
    for (int i = 0; i < count; i++) {
      writer.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL, "h" + i,
          METHOD_HANDLE.getDescriptor(), null, null).visitEnd();
    }
    GeneratorAdapter g = new GeneratorAdapter(Opcodes.ACC_STATIC, Method.getMethod(
        "void <clinit>()"), null, null, writer);
    Type lookups = Type.getType(MethodHandles.class);
    g.invokeStatic(lookups, Method.getMethod("java.lang.invoke.MethodHandles$Lookup lookup()"));
    g.push("_");
    g.push(Type.getType(Object[].class));
    g.invokeStatic(lookups, Method.getMethod("Object classData("
        + "java.lang.invoke.MethodHandles$Lookup, String, Class)"));
    g.checkCast(Type.getType(Object[].class));
    int data = g.newLocal(Type.getType(Object[].class));
    g.storeLocal(data);
    for (int i = 0; i < count; i++) {
      g.loadLocal(data);
      g.push(i);
      g.arrayLoad(Type.getType(Object.class));
      g.checkCast(METHOD_HANDLE);
      g.putStatic(self, "h" + i, METHOD_HANDLE);
    }
    g.returnValue();
    g.endMethod();
  }

  /** Loads handle field {@code h<i>} of {@code self} ({@link #handleFields}). */
  public static void loadHandle(GeneratorAdapter g, Type self, int i) {
    g.getStatic(self, "h" + i, METHOD_HANDLE);
  }

  /**
   * Whether generated code may name the class: a primitive, or a public class (in public
   * classes) that this library's class loader resolves to the same class. Others are reached
   * through method handles.
   */
  public static boolean nameable(Class<?> c) {
    if (c.isPrimitive()) {
      return true;
    }
    if (c.isArray()) {
      return nameable(c.getComponentType());
    }
    for (Class<?> k = c; k != null; k = k.getEnclosingClass()) {
      if (!Modifier.isPublic(k.getModifiers())) {
        return false;
      }
    }
    if (c.getName().startsWith("java.")) {
      return true;
    }
    try {
      return Class.forName(c.getName(), false, GeneratedClasses.class.getClassLoader()) == c;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
