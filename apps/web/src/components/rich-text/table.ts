import type { NodeType } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import {
  addColumnAfter, addRowAfter, deleteCellSelection, deleteColumn, deleteRow, deleteTable, goToNextCell,
  tableEditing,
} from '@tiptap/pm/tables';
import { Extension, Node } from '@tiptap/react';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    table: {
      /** A table of `rows` × `cols` empty cells, the first row of headers, the cursor in its first cell. */
      insertTable: (options?: { rows?: number; cols?: number }) => ReturnType;
      addRowAfter: () => ReturnType;
      deleteRow: () => ReturnType;
      addColumnAfter: () => ReturnType;
      deleteColumn: () => ReturnType;
      deleteTable: () => ReturnType;
      goToNextCell: (direction: 1 | -1) => ReturnType;
    };
  }
}

/**
 * A cell's spans, the only attributes a cell keeps (so a table pasted from Excel or WPS loses its classes, widths and
 * `mso-` styles here, as it would at the server's sanitiser).
 */
const spanAttribute = (name: 'colspan' | 'rowspan') => ({
  default: 1,
  parseHTML: (element: HTMLElement) => {
    const value = Number(element.getAttribute(name));
    return Number.isInteger(value) && value > 0 ? value : 1;
  },
  renderHTML: (attributes: Record<string, unknown>) => (attributes[name] === 1 ? {} : { [name]: attributes[name] }),
});

const cellAttributes = () => ({ colspan: spanAttribute('colspan'), rowspan: spanAttribute('rowspan') });

export const TableCell = Node.create({
  name: 'tableCell',
  content: 'block+',
  isolating: true,
  addAttributes: cellAttributes,
  parseHTML: () => [{ tag: 'td' }],
  renderHTML: ({ HTMLAttributes }) => ['td', HTMLAttributes, 0],
});

export const TableHeader = Node.create({
  name: 'tableHeader',
  content: 'block+',
  isolating: true,
  addAttributes: cellAttributes,
  parseHTML: () => [{ tag: 'th' }],
  renderHTML: ({ HTMLAttributes }) => ['th', HTMLAttributes, 0],
});

export const TableRow = Node.create({
  name: 'tableRow',
  content: '(tableCell | tableHeader)*',
  parseHTML: () => [{ tag: 'tr' }],
  renderHTML: () => ['tr', 0],
});

function createTable(cellType: NodeType, headerType: NodeType, rowType: NodeType, tableType: NodeType, rows: number, cols: number) {
  const row = (type: NodeType) => rowType.create(null, Array.from({ length: cols }, () => type.createAndFill()!));
  return tableType.create(null, Array.from({ length: rows }, (_, i) => row(i === 0 ? headerType : cellType)));
}

/**
 * Tables (a results notice is one): table, row, header cell and cell nodes on prosemirror-tables, which keeps them
 * well-formed and gives cell selection, Tab between cells and cell-wise paste. `<thead>`/`<tbody>` are read through;
 * a table is written as `<table><tbody>…`.
 */
export const Table = Node.create({
  name: 'table',
  group: 'block',
  content: 'tableRow+',
  isolating: true,
  parseHTML: () => [{ tag: 'table' }],
  renderHTML: () => ['table', ['tbody', 0]],

  addCommands() {
    return {
      insertTable:
        ({ rows = 3, cols = 3 } = {}) =>
        ({ tr, dispatch, editor }) => {
          const { nodes } = editor.schema;
          const table = createTable(nodes.tableCell!, nodes.tableHeader!, nodes.tableRow!, nodes.table!, rows, cols);
          if (dispatch) {
            const start = tr.selection.from;
            tr.replaceSelectionWith(table).scrollIntoView();
            tr.setSelection(TextSelection.near(tr.doc.resolve(start + 1)));
          }
          return true;
        },
      addRowAfter:
        () =>
        ({ state, dispatch }) =>
          addRowAfter(state, dispatch),
      deleteRow:
        () =>
        ({ state, dispatch }) =>
          deleteRow(state, dispatch),
      addColumnAfter:
        () =>
        ({ state, dispatch }) =>
          addColumnAfter(state, dispatch),
      deleteColumn:
        () =>
        ({ state, dispatch }) =>
          deleteColumn(state, dispatch),
      deleteTable:
        () =>
        ({ state, dispatch }) =>
          deleteTable(state, dispatch),
      goToNextCell:
        (direction) =>
        ({ state, dispatch }) =>
          goToNextCell(direction)(state, dispatch),
    };
  },

  addKeyboardShortcuts() {
    return {
      // In a table Tab moves between cells (a new row after the last); elsewhere it leaves the editor as usual.
      Tab: () => {
        if (this.editor.commands.goToNextCell(1)) return true;
        if (!this.editor.can().addRowAfter()) return false;
        return this.editor.chain().addRowAfter().goToNextCell(1).run();
      },
      'Shift-Tab': () => this.editor.commands.goToNextCell(-1),
      Backspace: ({ editor }) => deleteCellSelection(editor.state, editor.view.dispatch),
      Delete: ({ editor }) => deleteCellSelection(editor.state, editor.view.dispatch),
    };
  },

  addProseMirrorPlugins() {
    return [tableEditing()];
  },
});

const ROLES: Record<string, string> = { table: 'table', tableRow: 'row', tableCell: 'cell', tableHeader: 'header_cell' };

/** prosemirror-tables finds the table's nodes by their schema's `tableRole`. */
const TableRoles = Extension.create({
  name: 'tableRoles',
  extendNodeSchema: (extension) => (ROLES[extension.name] ? { tableRole: ROLES[extension.name] } : {}),
});

export const tableExtensions = [Table, TableRow, TableHeader, TableCell, TableRoles];
