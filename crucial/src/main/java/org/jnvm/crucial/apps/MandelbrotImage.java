package org.jnvm.crucial.apps;

import java.io.Serializable;
import org.jnvm.dso.objects.ReadOnly;

/**
 * The shared image of {@link Mandelbrot}, a user-defined shared object: one byte per pixel (the
 * escape iteration, capped at 255), written a row at a time by the functions. Its methods run on
 * the DSO node that holds it. Not final and with a no-argument constructor, so that a {@code
 * Shared} field of this class becomes a generated subclass proxy.
 */
public class MandelbrotImage implements Serializable {
  private static final long serialVersionUID = 1L;

  private int width;
  private int height;
  private byte[] pixels = new byte[0];
  private boolean[] written = new boolean[0];

  public MandelbrotImage() {}

  /** Sizes (and clears) the image. */
  public void init(int width, int height) {
    if (width <= 0 || height <= 0) {
      throw new IllegalArgumentException("image size must be positive: " + width + "x" + height);
    }
    this.width = width;
    this.height = height;
    this.pixels = new byte[width * height];
    this.written = new boolean[height];
  }

  /** Sets row {@code row} to {@code values} (one byte per column). */
  public void setRow(int row, byte[] values) {
    if (row < 0 || row >= height || values.length != width) {
      throw new IllegalArgumentException(
          "row "
              + row
              + " of "
              + values.length
              + " pixels does not fit a "
              + width
              + "x"
              + height
              + " image");
    }
    System.arraycopy(values, 0, pixels, row * width, width);
    written[row] = true;
  }

  /** How many distinct rows were set since {@link #init}. */
  @ReadOnly
  public int rowsWritten() {
    int n = 0;
    for (boolean w : written) {
      n += w ? 1 : 0;
    }
    return n;
  }

  @ReadOnly
  public byte[] pixels() {
    return pixels.clone();
  }

  @ReadOnly
  public int width() {
    return width;
  }

  @ReadOnly
  public int height() {
    return height;
  }
}
